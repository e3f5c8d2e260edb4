import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paymentHistoryItem } from '@shared/contracts/portal';
import { ReceiptIcon } from 'lucide-react';
import type { Column } from '@client/components/list/columns';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { paymentHistoryQuery } from '../api';
import { formatMoney, formatShortDate } from '@client/lib/format';
import { HistoryDialog, useHistoryPaging } from './history-dialog';
import { StatusBadge, TRANSACTION_HISTORY_ERROR } from './transaction-status';

type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;

const TRANSACTION_COLUMNS: readonly Column<PaymentHistoryItem>[] = [
  {
    key: 'date',
    label: 'Date',
    from: 'md',
    cellClassName: 'whitespace-nowrap',
    cell: (p) => <time dateTime={p.created}>{formatShortDate(p.created)}</time>,
  },
  {
    key: 'description',
    label: 'Description',
    cellClassName: '@2xl:min-w-48',
    cell: (p) => (
      <>
        {p.description}
        {p.status === 'failed' && p.failureMessage ? (
          <span className="block text-xs text-destructive">{p.failureMessage}</span>
        ) : null}
      </>
    ),
  },
  { key: 'status', label: 'Status', from: 'lg', cell: (p) => <StatusBadge status={p.status} /> },
  {
    key: 'amount',
    label: 'Amount',
    numeric: true,
    cellClassName: 'whitespace-nowrap',
    cell: (p) => formatMoney(p.amount, p.currency),
  },
];

/** View All Transactions: the payment history, 20 per page, newest first. */
export function TransactionsDialog({
  email,
  ...dialog
}: DialogOpenProps & {
  email: string;
}) {
  const paging = useHistoryPaging();
  const history = useQuery({
    ...paymentHistoryQuery(email, { page: paging.page, pageSize: paging.pageSize }),
    // The answer names its rows `payments`; the list reads them as its items.
    select: (answer) => ({ items: answer.payments, total: answer.total }),
  });

  return (
    <HistoryDialog
      {...dialog}
      title="All Transactions"
      description="Every charge and refund on your account, newest first."
      paging={paging}
      query={history}
      noun="transactions"
      pagerLabel="Transaction pages"
      empty={{
        icon: ReceiptIcon,
        text: 'Charges appear here after your first payment.',
      }}
      label="Transactions"
      errorTitle={TRANSACTION_HISTORY_ERROR}
      columns={TRANSACTION_COLUMNS}
    />
  );
}
