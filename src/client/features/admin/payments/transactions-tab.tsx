import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ReceiptIcon } from 'lucide-react';
import { paymentListQuery, type StaffPayment } from '@shared/contracts/staff-payments';
import { ListSection, statusFilter } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { PAYMENT_TABLE, paymentActions } from './payment-table';
import { STATUS_OPTIONS } from './payments-format';
import { RefundDialog } from './refund-dialog';
import { RetryDialog } from './retry-dialog';
import { paymentsExportUrl, paymentsQuery } from './transactions-api';
import { TRANSACTIONS_LIST } from './transactions-list';
import { SectionHeading } from '@client/components/section-heading';
import { ExportLink } from '@client/components/export-link';

/**
 * Transactions (docs/staff-payments.md): every payment, filtered by status, searched, sorted and paged on the
 * server. A failed payment that is still owed offers Retry; a completed one offers Refund to members
 * who may refund. Export downloads every payment the filters match.
 */
export default function TransactionsTab() {
  const state = useListState(TRANSACTIONS_LIST);
  const query = paymentListQuery.parse(state.query);
  const list = useQuery(paymentsQuery(query));
  const access = useStaffAccess();
  const [refunding, setRefunding] = useState<StaffPayment | null>(null);
  const [retrying, setRetrying] = useState<StaffPayment | null>(null);

  return (
    <section aria-labelledby="transactions-heading" className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <SectionHeading id="transactions-heading" title="Transactions">
          Every charge the billing engine made: checkouts, renewals and upgrades, with refunds.
        </SectionHeading>
        <ExportLink href={paymentsExportUrl(query)} testId="transactions-export" className="shrink-0" />
      </div>
      <ListSection
        state={state}
        query={list}
        noun="transactions"
        toolbar={{
          search: {
            label: 'Search transactions',
            placeholder: 'Search company, email, payment id or reference',
          },
          filters: [statusFilter(STATUS_OPTIONS, 'sm:w-40')],
        }}
        empty={{
          icon: ReceiptIcon,
          text: 'Payments appear here when customers check out and when subscriptions renew.',
        }}
        label="Transactions"
        {...PAYMENT_TABLE}
        actions={paymentActions({
          onRefund: access.holds('canProcessRefunds') ? setRefunding : undefined,
          onRetry: access.holds('canViewPayments') ? setRetrying : undefined,
        })}
        pager={{ label: 'Transaction pages', noun: ['transaction', 'transactions'] }}
      />

      {refunding ? (
        <RefundDialog
          key={refunding.id}
          payment={refunding}
          open
          onOpenChange={(open) => !open && setRefunding(null)}
        />
      ) : null}
      {retrying ? (
        <RetryDialog
          key={retrying.id}
          payment={retrying}
          open
          onOpenChange={(open) => !open && setRetrying(null)}
        />
      ) : null}
    </section>
  );
}
