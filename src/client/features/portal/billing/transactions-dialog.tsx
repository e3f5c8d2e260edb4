import { useQuery } from '@tanstack/react-query';
import { ReceiptIcon } from 'lucide-react';
import { TableCell, TableHead, TableRow } from '@client/components/ui/table';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { paymentHistoryQuery } from '../api';
import { formatMoney, formatShortDate } from './format';
import { HistoryDialog, useHistoryPaging } from './history-dialog';
import { StatusBadge } from './transaction-status';

/** View All Transactions: the payment history, 20 per page, newest first. */
export function TransactionsDialog({
  email,
  open,
  onOpenChange,
}: DialogOpenProps & {
  email: string;
}) {
  const paging = useHistoryPaging();
  const history = useQuery({
    ...paymentHistoryQuery(email, { page: paging.page, pageSize: paging.pageSize }),
    // The spec names this answer's rows `payments`; the list reads them as its items.
    select: (answer) => ({ items: answer.payments, total: answer.total }),
  });

  return (
    <HistoryDialog
      open={open}
      onOpenChange={onOpenChange}
      title="All Transactions"
      description="Every charge and refund on your account, newest first."
      paging={paging}
      query={history}
      noun="transactions"
      pagerLabel="Transaction pages"
      empty={{
        icon: ReceiptIcon,
        title: 'No transactions yet',
        text: 'Charges appear here after your first payment.',
      }}
      label="Transactions"
      cards={(page) =>
        page.items.map((p) => (
          <li key={p.id} className="grid gap-1 rounded-lg border p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-medium break-words">{p.description}</span>
              <span className="shrink-0 font-medium tabular-nums">{formatMoney(p.amount, p.currency)}</span>
            </div>
            <div className="flex items-center justify-between gap-2 text-muted-foreground">
              <time dateTime={p.created}>{formatShortDate(p.created)}</time>
              <StatusBadge status={p.status} />
            </div>
            {p.status === 'failed' && p.failureMessage ? (
              <span className="text-xs text-destructive">{p.failureMessage}</span>
            ) : null}
          </li>
        ))
      }
      columns={
        <>
          <TableHead>Date</TableHead>
          <TableHead>Description</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </>
      }
      rows={(page) =>
        page.items.map((p) => (
          <TableRow key={p.id}>
            <TableCell className="whitespace-nowrap">
              <time dateTime={p.created}>{formatShortDate(p.created)}</time>
            </TableCell>
            <TableCell className="min-w-48">
              {p.description}
              {p.status === 'failed' && p.failureMessage ? (
                <span className="block text-xs text-destructive">{p.failureMessage}</span>
              ) : null}
            </TableCell>
            <TableCell>
              <StatusBadge status={p.status} />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatMoney(p.amount, p.currency)}
            </TableCell>
          </TableRow>
        ))
      }
    />
  );
}
