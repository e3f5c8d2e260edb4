import { useQuery } from '@tanstack/react-query';
import type { BillingInfo } from '@shared/contracts/portal';
import { FileTextIcon } from 'lucide-react';
import type { Column } from '@client/components/list/columns';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { invoicesQuery } from '../api';
import { formatMoney, formatShortDate } from '@client/lib/format';
import { HistoryDialog, useHistoryPaging } from './history-dialog';
import { StatusBadge } from './transaction-status';

type Invoice = BillingInfo['invoices'][number];

const dateOf = (invoice: Invoice) => <time dateTime={invoice.date}>{formatShortDate(invoice.date)}</time>;

const INVOICE_COLUMNS: readonly Column<Invoice>[] = [
  {
    key: 'invoice',
    label: 'Invoice',
    cellClassName: 'font-medium whitespace-nowrap',
    detailsClassName: 'font-normal',
    cell: (invoice) => invoice.number,
  },
  { key: 'date', label: 'Date', from: 'md', cellClassName: 'whitespace-nowrap', cell: dateOf },
  { key: 'status', label: 'Status', from: 'lg', cell: (invoice) => <StatusBadge status={invoice.status} /> },
  {
    key: 'amount',
    label: 'Amount',
    numeric: true,
    cellClassName: 'whitespace-nowrap',
    detailsClassName: 'justify-end uppercase',
    cell: (invoice) => formatMoney(invoice.amount, invoice.currency),
  },
  // Under the amount until its column shows.
  {
    key: 'currency',
    label: 'Currency',
    from: 'xl',
    cellClassName: 'uppercase',
    cell: (invoice) => invoice.currency,
    narrowUnder: 'amount',
  },
  {
    key: 'pdf',
    label: 'PDF',
    head: <span className="sr-only">PDF</span>,
    cell: (invoice) => (
      <a
        href={invoice.pdf_url}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <FileTextIcon className="size-4" aria-hidden="true" />
        PDF<span className="sr-only"> of invoice {invoice.number} (opens in a new tab)</span>
      </a>
    ),
  },
];

/** View All Invoices: number, date, status, amount, currency and the PDF, 20 per page. */
export function InvoicesDialog(dialog: DialogOpenProps) {
  const paging = useHistoryPaging();
  const invoices = useQuery(invoicesQuery({ page: paging.page, pageSize: paging.pageSize }));

  return (
    <HistoryDialog
      {...dialog}
      title="All Invoices"
      description="One invoice for every charge, newest first. PDFs open in a new tab."
      paging={paging}
      query={invoices}
      noun="invoices"
      pagerLabel="Invoice pages"
      empty={{
        icon: FileTextIcon,
        text: 'Your first invoice is issued with your first payment.',
      }}
      label="Invoices"
      columns={INVOICE_COLUMNS}
    />
  );
}
