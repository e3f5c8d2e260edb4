import { useQuery } from '@tanstack/react-query';
import { ReceiptIcon } from 'lucide-react';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { TableRow } from '@client/components/ui/table';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { paymentHistoryQuery } from '../api';
import { formatMoney, formatShortDate } from '@client/lib/format';
import { HistoryDialog, useHistoryPaging } from './history-dialog';
import { StatusBadge, TRANSACTION_HISTORY_ERROR } from './transaction-status';

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
      errorTitle={TRANSACTION_HISTORY_ERROR}
      columns={
        <>
          <ListHead from="md">Date</ListHead>
          <ListHead>Description</ListHead>
          <ListHead from="lg">Status</ListHead>
          <ListHead className="text-right">Amount</ListHead>
        </>
      }
      rows={(page) =>
        page.items.map((p) => (
          <TableRow key={p.id}>
            <ListCell from="md" className="whitespace-nowrap">
              <time dateTime={p.created}>{formatShortDate(p.created)}</time>
            </ListCell>
            <ListCell className="@2xl:min-w-48">
              {p.description}
              {p.status === 'failed' && p.failureMessage ? (
                <span className="block text-xs text-destructive">{p.failureMessage}</span>
              ) : null}
              <NarrowDetails until="lg">
                <NarrowItem until="md">
                  <time dateTime={p.created}>{formatShortDate(p.created)}</time>
                </NarrowItem>
                <NarrowItem until="lg">
                  <StatusBadge status={p.status} />
                </NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell from="lg">
              <StatusBadge status={p.status} />
            </ListCell>
            <ListCell className="text-right whitespace-nowrap tabular-nums">
              {formatMoney(p.amount, p.currency)}
            </ListCell>
          </TableRow>
        ))
      }
    />
  );
}
