import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClockIcon, FileStackIcon, SendIcon, UsersRoundIcon } from 'lucide-react';
import {
  PAYMENT_REQUEST_STATES,
  SUBSCRIPTION_SORTS,
  paymentRequestListQuery,
  subscriptionListQuery,
  trialActionQuery as trialActionListQuery,
  type AdminPaymentRequest,
  TRIAL_ACTION_DAYS,
  type AdminSubscription,
  type TrialAction,
  type GenerateMonthlyResult,
} from '@shared/contracts/billing-admin';
import { SUBSCRIPTION_STATUSES } from '@shared/statuses';
import type { Column } from '@client/components/list/columns';
import { ListSection, statusFilter } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { errorMessageOf } from '@client/lib/api';
import { formatStaffDate } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { formatMoney } from '@client/lib/format';
import {
  paymentRequestsQuery,
  subscriptionsQuery,
  trialActionQuery,
  useGenerateMonthlyInvoices,
} from './billing-api';
import {
  REQUEST_STATE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  requestStateBadge,
  subscriptionStatusBadge,
} from './billing-format';
import { PaymentRequestDialog } from './payment-request-dialog';
import { SubscriptionRequestDialog } from './subscription-request-dialog';

/** Statuses whose subscription can be paid at checkout, so a subscription request makes sense. */
const REQUESTABLE = new Set(['trialing', 'pending', 'past_due']);

/**
 * Billing Management (docs/billing-admin.md): customers and their subscriptions, the customers needing trial
 * action, Generate Monthly Invoices, subscription and payment requests, and the payment requests with
 * their state (docs/billing-admin.md).
 */
export default function BillingTab() {
  const [requesting, setRequesting] = useState<AdminSubscription | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <div className="space-y-8">
      <BillingActions />
      <SubscriptionsSection onRequest={setRequesting} />
      <TrialActionSection onRequest={setRequesting} />
      <PaymentRequestsSection onSend={() => setSending(true)} />
      {requesting ? (
        <SubscriptionRequestDialog
          key={requesting.customerId}
          customer={requesting}
          open
          onOpenChange={(open) => !open && setRequesting(null)}
        />
      ) : null}
      {sending ? <PaymentRequestDialog open onOpenChange={setSending} /> : null}
    </div>
  );
}

function BillingActions() {
  const generate = useGenerateMonthlyInvoices();
  const [result, setResult] = useState<GenerateMonthlyResult | null>(null);
  const run = async () => {
    try {
      const answer = await generate.mutateAsync();
      setResult(answer);
      toast({
        title: 'Monthly invoices generated successfully',
        description: answer.message,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: `Failed to generate invoices: ${errorMessageOf(error, 'Please try again.')}`,
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby="billing-actions-heading" className="rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-prose space-y-1">
          <h2 id="billing-actions-heading" className="text-lg font-semibold">
            Monthly invoices
          </h2>
          <p className="text-sm text-muted-foreground">
            Issues every active or past-due subscription its invoice for the current period, once: running it
            again makes no second invoice.
          </p>
          {result ? (
            <p className="text-sm font-medium" role="status" data-testid="generate-result">
              Created {result.created}, skipped {result.skipped} (already invoiced).
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void run()} disabled={generate.isPending} aria-busy={generate.isPending}>
            <FileStackIcon aria-hidden="true" />
            Generate Monthly Invoices
          </Button>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="space-y-1">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: SUBSCRIPTION_STATUS_LABELS[s] }));

function SubscriptionsSection({ onRequest }: { onRequest: (s: AdminSubscription) => void }) {
  const state = useListState({
    sorts: SUBSCRIPTION_SORTS,
    defaultSort: 'companyName',
    filters: { status: SUBSCRIPTION_STATUSES },
    pageSize: 10,
    scope: 'subs',
  });
  const list = useQuery(subscriptionsQuery(subscriptionListQuery.parse(state.query)));
  return (
    <section aria-labelledby="subscriptions-heading" className="space-y-3">
      <SectionHeading
        id="subscriptions-heading"
        title="Customers and subscriptions"
        text="Every customer's subscription: plan, status, price and current period."
      />
      <ListSection
        state={state}
        query={list}
        noun="subscriptions"
        toolbar={{
          search: { label: 'Search subscriptions', placeholder: 'Search company, name or email…' },
          filters: [statusFilter(STATUS_OPTIONS)],
          clear: true,
        }}
        empty={{
          icon: UsersRoundIcon,
          title: 'No subscriptions yet',
          text: 'Customers appear here when they sign up.',
        }}
        label="Subscriptions"
        columns={subscriptionColumns({ sortable: true })}
        {...subscriptionRows(onRequest)}
        pager={{ label: 'Subscription pages', noun: ['subscription', 'subscriptions'] }}
      />
    </section>
  );
}

function TrialActionSection({ onRequest }: { onRequest: (s: AdminSubscription) => void }) {
  const state = useListState({
    sorts: ['companyName'],
    defaultSort: 'companyName',
    pageSize: 5,
    scope: 'trial',
  });
  const list = useQuery(trialActionQuery(trialActionListQuery.parse(state.query)));
  return (
    <section aria-labelledby="trial-action-heading" className="space-y-3">
      <SectionHeading
        id="trial-action-heading"
        title="Trials requiring action"
        text={`Trials that end within ${TRIAL_ACTION_DAYS} days and checkouts left pending (a trial or renewal that ended unpaid).`}
      />
      <ListSection
        state={state}
        query={list}
        noun="customers"
        toolbar={{
          search: { label: 'Search trials requiring action', placeholder: 'Search company, name or email…' },
          clear: true,
        }}
        empty={{
          icon: CalendarClockIcon,
          title: 'Nothing needs action',
          text: `No trial ends within ${TRIAL_ACTION_DAYS} days and no checkout is pending.`,
        }}
        label="Trials requiring action"
        columns={subscriptionColumns<TrialAction>({ reasonOf: (s) => s.reason })}
        {...subscriptionRows(onRequest)}
        pager={{ label: 'Trial action pages', noun: ['customer', 'customers'] }}
      />
    </section>
  );
}

/**
 * The columns of both subscription lists: the subscriptions sort by their headers; the trials requiring
 * action say, under each status, why the row is listed.
 */
function subscriptionColumns<T extends AdminSubscription>({
  sortable = false,
  reasonOf,
}: {
  sortable?: boolean;
  reasonOf?: (s: T) => string;
}): Column<T>[] {
  return [
    {
      key: 'customer',
      label: 'Customer',
      sort: sortable ? 'companyName' : undefined,
      cell: (s) => (
        <>
          <span className="font-medium">{s.companyName}</span>
          <span className="block text-xs break-all text-muted-foreground">{s.email}</span>
        </>
      ),
    },
    { key: 'plan', label: 'Plan', from: 'lg', cell: (s) => s.planName },
    {
      key: 'status',
      label: reasonOf ? 'Status and reason' : 'Status',
      cell: (s) => (
        <>
          <Badge variant={subscriptionStatusBadge(s.status)}>
            {SUBSCRIPTION_STATUS_LABELS[s.status as keyof typeof SUBSCRIPTION_STATUS_LABELS] ?? s.status}
          </Badge>
          {reasonOf ? (
            <span className="mt-1 block text-xs font-medium" data-testid="trial-action-reason">
              {reasonOf(s)}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'price',
      label: 'Price',
      sort: sortable ? 'price' : undefined,
      newestFirst: true,
      from: 'xl',
      cellClassName: 'tabular-nums',
      cell: (s) => `${formatMoney(s.price)}/mo`,
    },
    {
      key: 'period',
      label: 'Current period',
      sort: sortable ? 'currentPeriodEnd' : undefined,
      from: '3xl',
      cellClassName: 'text-sm',
      cell: (s) => (
        <>
          {formatStaffDate(s.currentPeriodStart)} – {formatStaffDate(s.currentPeriodEnd)}
          {s.cancelAtPeriodEnd ? (
            <span className="block text-xs text-destructive">Cancels at period end</span>
          ) : null}
          {s.status === 'trialing' && s.trialEndsAt ? (
            <span className="block text-xs text-muted-foreground">
              Trial ends {formatStaffDate(s.trialEndsAt)}
            </span>
          ) : null}
        </>
      ),
    },
  ];
}

/** A subscription row: its test id, and Request payment where checkout can be paid. */
function subscriptionRows(onRequest: (s: AdminSubscription) => void) {
  return {
    rowKey: (s: AdminSubscription) => s.subscriptionId,
    rowProps: { 'data-testid': 'subscription-row' },
    actions: (s: AdminSubscription) =>
      REQUESTABLE.has(s.status) ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onRequest(s)}
          aria-label={`Request payment: ${s.companyName}`}
        >
          <SendIcon aria-hidden="true" />
          {/* The words where the row has room; the icon alone on a narrow list. */}
          <span className="hidden @3xl:inline">Request payment</span>
        </Button>
      ) : null,
  };
}

const STATE_OPTIONS = PAYMENT_REQUEST_STATES.map((s) => ({ value: s, label: REQUEST_STATE_LABELS[s] }));

function PaymentRequestsSection({ onSend }: { onSend: () => void }) {
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
        <SectionHeading
          id="payment-requests-heading"
          title="Payment requests"
          text="Subscription and payment requests, newest first. An open request past its due date is expired."
        />
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
