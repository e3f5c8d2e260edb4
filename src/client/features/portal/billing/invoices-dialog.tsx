import { useState } from 'react';
import { FileTextIcon } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { errorMessageOf } from '@client/lib/api';
import { HISTORY_PAGE_SIZE, useInvoicePage } from '../billing-api';
import { formatMoney, formatShortDate } from './format';
import { Pager } from './pager';
import { StatusBadge } from './transaction-status';
import { LoadError, LoadingRows } from './list-states';

/** View All Invoices: number, date, status, amount, currency and the PDF, 20 per page. */
export function InvoicesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState(1);
  const invoices = useInvoicePage(page, open);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>All Invoices</DialogTitle>
          <DialogDescription>
            One invoice for every charge, newest first. PDFs open in a new tab.
          </DialogDescription>
        </DialogHeader>
        {invoices.isPending ? (
          <LoadingRows label="Loading invoices" />
        ) : invoices.isError ? (
          <LoadError>{errorMessageOf(invoices.error, 'Unable to load invoices.')}</LoadError>
        ) : invoices.data.items.length === 0 ? (
          <EmptyState
            icon={FileTextIcon}
            headingLevel="h3"
            title="No invoices yet"
            text="Your first invoice is issued with your first payment."
            className="py-8"
          />
        ) : (
          <>
            {/* Phones get a list: a six-column table would hide the PDF link off-screen. */}
            <ul className="grid gap-2 sm:hidden" aria-label="Invoices">
              {invoices.data.items.map((invoice) => (
                <li key={invoice.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{invoice.number}</span>
                    <StatusBadge status={invoice.status} />
                  </div>
                  <div className="flex items-center justify-between gap-2 text-muted-foreground">
                    <time dateTime={invoice.date}>{formatShortDate(invoice.date)}</time>
                    <span className="font-medium text-foreground tabular-nums">
                      {formatMoney(invoice.amount, invoice.currency)} {invoice.currency.toUpperCase()}
                    </span>
                  </div>
                  <a
                    href={invoice.pdf_url}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex w-fit items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <FileTextIcon className="size-4" aria-hidden="true" />
                    Open PDF<span className="sr-only"> of invoice {invoice.number} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
            <Table aria-label="Invoices" className="max-sm:hidden">
              <TableHeader>
                <TableRow>
                  <TableHead>Invoice</TableHead>
                  <TableHead>Date</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>Currency</TableHead>
                  <TableHead>
                    <span className="sr-only">PDF</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {invoices.data.items.map((invoice) => (
                  <TableRow key={invoice.id}>
                    <TableCell className="font-medium whitespace-nowrap">{invoice.number}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={invoice.date}>{formatShortDate(invoice.date)}</time>
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={invoice.status} />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatMoney(invoice.amount, invoice.currency)}
                    </TableCell>
                    <TableCell className="uppercase">{invoice.currency}</TableCell>
                    <TableCell>
                      <a
                        href={invoice.pdf_url}
                        target="_blank"
                        rel="noopener"
                        className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <FileTextIcon className="size-4" aria-hidden="true" />
                        PDF<span className="sr-only"> of invoice {invoice.number} (opens in a new tab)</span>
                      </a>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager
              label="Invoice pages"
              page={page}
              pageSize={HISTORY_PAGE_SIZE}
              total={invoices.data.total}
              onPage={setPage}
              busy={invoices.isFetching}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
