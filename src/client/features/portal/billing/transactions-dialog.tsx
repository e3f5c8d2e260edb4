import { useState } from 'react';
import { ReceiptIcon } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { HISTORY_PAGE_SIZE, usePaymentHistory } from '../billing-api';
import { formatMoney, formatShortDate } from './format';
import { Pager } from './pager';
import { StatusBadge } from './transaction-status';
import { LoadError, LoadingRows } from './list-states';

/** View All Transactions: the payment history, 20 per page, newest first. */
export function TransactionsDialog({
  email,
  open,
  onOpenChange,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(email, page, HISTORY_PAGE_SIZE, open);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>All Transactions</DialogTitle>
          <DialogDescription>Every charge and refund on your account, newest first.</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <LoadingRows label="Loading transactions" />
        ) : history.isError ? (
          <LoadError>Unable to load transaction history.</LoadError>
        ) : history.data.payments.length === 0 ? (
          <EmptyState
            icon={ReceiptIcon}
            headingLevel="h3"
            title="No transactions yet"
            text="Charges appear here after your first payment."
            className="py-8"
          />
        ) : (
          <>
            {/* Phones get a list rather than a table that scrolls sideways. */}
            <ul className="grid gap-2 sm:hidden" aria-label="Transactions">
              {history.data.payments.map((p) => (
                <li key={p.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <span className="font-medium break-words">{p.description}</span>
                    <span className="shrink-0 font-medium tabular-nums">
                      {formatMoney(p.amount, p.currency)}
                    </span>
                  </div>
                  <div className="flex items-center justify-between gap-2 text-muted-foreground">
                    <time dateTime={p.created}>{formatShortDate(p.created)}</time>
                    <StatusBadge status={p.status} />
                  </div>
                  {p.status === 'failed' && p.failureMessage ? (
                    <span className="text-xs text-destructive">{p.failureMessage}</span>
                  ) : null}
                </li>
              ))}
            </ul>
            <Table aria-label="Transactions" className="max-sm:hidden">
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead>Description</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {history.data.payments.map((p) => (
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
                ))}
              </TableBody>
            </Table>
            <Pager
              label="Transaction pages"
              page={page}
              pageSize={HISTORY_PAGE_SIZE}
              total={history.data.total}
              onPage={setPage}
              busy={history.isFetching}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
