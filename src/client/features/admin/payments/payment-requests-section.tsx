import { useQuery } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import {
  PAYMENT_REQUEST_STATES,
  paymentRequestListQuery,
  type AdminPaymentRequest,
} from '@shared/contracts/billing-admin';
import type { Column } from '@client/components/list/columns';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoney } from '@client/lib/format';
import { paymentRequestsQuery } from './billing-api';
import { REQUEST_STATE_LABELS, requestStateBadge } from './billing-format';
import { SectionHeading } from '@client/components/section-heading';

const STATE_OPTIONS = PAYMENT_REQUEST_STATES.map((s) => ({ value: s, label: REQUEST_STATE_LABELS[s] }));

/** The payment requests of Billing Management, newest first, with Send Payment Request above them. */
export function PaymentRequestsSection({ onSend }: { onSend: () => void }) {
  const state = useListState({
    sorts: ['newest'],
    defaultSort: 'newest',
    filters: { state: PAYMENT_REQUEST_STATES },
    pageSize: 10,
    scope: 'requests',
  });
  const { sort: _sort, ...query } = state.query;
  const list = useQuery(paymentRequestsQuery(paymentRequestListQuery.parse(query)));
  return (
    <section aria-labelledby="payment-requests-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SectionHeading id="payment-requests-heading" title="Payment requests">
          Subscription and payment requests, newest first. An open request past its due date is expired.
        </SectionHeading>
        <Button onClick={onSend}>
          <SendIcon aria-hidden="true" />
          Send Payment Request
        </Button>
      </div>
      <ListSection
        state={state}
        query={list}
        noun="payment requests"
        toolbar={{
          search: { label: 'Search payment requests', placeholder: 'Search company, name or email…' },
          filters: [
            { name: 'state', label: 'Filter by state', allLabel: 'All states', options: STATE_OPTIONS },
          ],
          clear: true,
        }}
        empty={{
          icon: SendIcon,
          title: 'No payment requests yet',
          text: 'A request gives the customer a checkout link for an amount you set.',
          action: (
            <Button onClick={onSend}>
              <SendIcon aria-hidden="true" />
              Send Payment Request
            </Button>
          ),
        }}
        label="Payment requests"
        columns={REQUEST_COLUMNS}
        rowKey={(r) => r.id}
        rowProps={{ 'data-testid': 'payment-request-row' }}
        pager={{ label: 'Payment request pages', noun: ['request', 'requests'] }}
      />
    </section>
  );
}

const dueOf = (r: AdminPaymentRequest) => formatStaffDate(`${r.dueDate}T12:00:00Z`);

const REQUEST_COLUMNS: readonly Column<AdminPaymentRequest>[] = [
  {
    key: 'customer',
    label: 'Customer',
    cell: (r) => (
      <>
        <span className="font-medium">{r.companyName}</span>
        <span className="block text-xs break-all text-muted-foreground">{r.email}</span>
      </>
    ),
  },
  {
    key: 'description',
    label: 'Description',
    from: 'xl',
    cellClassName: 'max-w-64 break-words',
    cell: (r) => (
      <>
        {r.description}
        <span className="block text-xs text-muted-foreground">
          {r.type === 'subscription' ? 'Subscription' : 'Invoice'}
          {r.invoiceNumber ? ` · ${r.invoiceNumber}` : ''}
        </span>
      </>
    ),
    narrow: (r) => r.description,
  },
  {
    key: 'amount',
    label: 'Amount',
    numeric: true,
    cell: (r) => formatMoney(r.amount),
  },
  { key: 'due', label: 'Due', from: 'lg', cell: dueOf, narrowLabel: true },
  {
    key: 'state',
    label: 'State',
    cell: (r) => (
      <Badge variant={requestStateBadge(r.state)} data-testid="request-state">
        {REQUEST_STATE_LABELS[r.state]}
      </Badge>
    ),
  },
];
