import { useQuery } from '@tanstack/react-query';
import { FileTextIcon } from 'lucide-react';
import { TableCell, TableHead, TableRow } from '@client/components/ui/table';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { invoicesQuery } from '../api';
import { formatMoney, formatShortDate } from './format';
import { HistoryDialog, useHistoryPaging } from './history-dialog';
import { StatusBadge } from './transaction-status';

/** View All Invoices: number, date, status, amount, currency and the PDF, 20 per page. */
export function InvoicesDialog({ open, onOpenChange }: DialogOpenProps) {
  const paging = useHistoryPaging();
  const invoices = useQuery(invoicesQuery({ page: paging.page, pageSize: paging.pageSize }));

  return (
    <HistoryDialog
      open={open}
      onOpenChange={onOpenChange}
      title="All Invoices"
      description="One invoice for every charge, newest first. PDFs open in a new tab."
      paging={paging}
      query={invoices}
      noun="invoices"
      pagerLabel="Invoice pages"
      empty={{
        icon: FileTextIcon,
        title: 'No invoices yet',
        text: 'Your first invoice is issued with your first payment.',
      }}
      label="Invoices"
      cards={(page) =>
        page.items.map((invoice) => (
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
        ))
      }
      columns={
        <>
          <TableHead>Invoice</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead>
            <span className="sr-only">PDF</span>
          </TableHead>
        </>
      }
      rows={(page) =>
        page.items.map((invoice) => (
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
        ))
      }
    />
  );
}
