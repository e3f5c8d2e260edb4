import { useQuery } from '@tanstack/react-query';
import { FileTextIcon } from 'lucide-react';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { TableRow } from '@client/components/ui/table';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { invoicesQuery } from '../api';
import { formatMoney, formatShortDate } from '@client/lib/format';
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
      columns={
        <>
          <ListHead>Invoice</ListHead>
          <ListHead from="md">Date</ListHead>
          <ListHead from="lg">Status</ListHead>
          <ListHead className="text-right">Amount</ListHead>
          <ListHead from="xl">Currency</ListHead>
          <ListHead>
            <span className="sr-only">PDF</span>
          </ListHead>
        </>
      }
      rows={(page) =>
        page.items.map((invoice) => (
          <TableRow key={invoice.id}>
            <ListCell className="font-medium whitespace-nowrap">
              {invoice.number}
              <NarrowDetails until="lg" className="font-normal">
                <NarrowItem until="md">
                  <time dateTime={invoice.date}>{formatShortDate(invoice.date)}</time>
                </NarrowItem>
                <NarrowItem until="lg">
                  <StatusBadge status={invoice.status} />
                </NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell from="md" className="whitespace-nowrap">
              <time dateTime={invoice.date}>{formatShortDate(invoice.date)}</time>
            </ListCell>
            <ListCell from="lg">
              <StatusBadge status={invoice.status} />
            </ListCell>
            <ListCell className="text-right whitespace-nowrap tabular-nums">
              {formatMoney(invoice.amount, invoice.currency)}
              <NarrowDetails until="xl" className="justify-end uppercase">
                {invoice.currency}
              </NarrowDetails>
            </ListCell>
            <ListCell from="xl" className="uppercase">
              {invoice.currency}
            </ListCell>
            <ListCell>
              <a
                href={invoice.pdf_url}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                <FileTextIcon className="size-4" aria-hidden="true" />
                PDF<span className="sr-only"> of invoice {invoice.number} (opens in a new tab)</span>
              </a>
            </ListCell>
          </TableRow>
        ))
      }
    />
  );
}
