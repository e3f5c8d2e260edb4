import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon } from 'lucide-react';
import {
  INVOICE_SORTS,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  invoiceListQuery,
  type AdminInvoice,
  type PaymentTerms,
} from '@shared/contracts/billing-admin';
import { INVOICE_STATUSES } from '@shared/statuses';
import { OptionSelect } from '@client/components/form/option-select';
import type { Column } from '@client/components/list/columns';
import { ListSection, statusFilter } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { QueryView } from '@client/components/query-view';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessageOf } from '@client/lib/api';
import { formatStaffDate } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { formatMoney } from '@client/lib/format';
import { billingSettingsQuery, invoicesQuery, useSaveBillingSettings } from './billing-api';
import { INVOICE_STATUS_LABELS, invoiceStatusBadge } from './billing-format';
import { HeadedSection } from '@client/components/section-heading';

const STATUS_OPTIONS = INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] ?? s }));
const TERMS_OPTIONS = PAYMENT_TERMS.map((t) => ({ value: t, label: PAYMENT_TERMS_LABELS[t] }));

/**
 * Invoicing (docs/billing-admin.md): every invoice the billing engine issued, searched by number, company or email
 * and paged on the server, with its PDF; and the payment terms that open invoices and payment requests
 * follow (docs/billing-admin.md).
 */
export default function InvoicingTab() {
  return (
    <div className="space-y-8">
      <PaymentTermsSetting />
      <InvoicesSection />
    </div>
  );
}

function PaymentTermsSetting() {
  const settings = useQuery(billingSettingsQuery);
  const save = useSaveBillingSettings();
  const choose = async (paymentTerms: PaymentTerms) => {
    try {
      await save.mutateAsync({ paymentTerms });
      toast({
        title: 'Payment terms saved',
        description: PAYMENT_TERMS_LABELS[paymentTerms],
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Payment terms not saved',
        description: errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby="payment-terms-heading" className="rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="max-w-prose space-y-1">
          <h2 id="payment-terms-heading" className="text-lg font-semibold">
            Payment terms
          </h2>
          <p id="payment-terms-text" className="text-sm text-muted-foreground">
            When an invoice issued unpaid falls due, and the default due date of a payment request.
          </p>
        </div>
        <QueryView query={settings} noun="payment terms" skeleton={<Skeleton className="h-9 w-48" />}>
          {(data) => (
            <OptionSelect<PaymentTerms>
              value={save.isPending && save.variables ? save.variables.paymentTerms : data.paymentTerms}
              onChange={(next) => void choose(next)}
              options={TERMS_OPTIONS}
              trigger={{
                className: 'w-full sm:w-48',
                'aria-label': 'Payment terms',
                'aria-describedby': 'payment-terms-text',
                disabled: save.isPending,
              }}
            />
          )}
        </QueryView>
      </div>
    </section>
  );
}

function InvoicesSection() {
  const state = useListState({
    sorts: INVOICE_SORTS,
    defaultSort: '-issuedAt',
    filters: { status: INVOICE_STATUSES },
    pageSize: 20,
    scope: 'invoices',
  });
  const list = useQuery(invoicesQuery(invoiceListQuery.parse(state.query)));
  return (
    <HeadedSection
      id="invoices-heading"
      title="Invoices"
      description="Every invoice issued: subscription periods, upgrades and paid payment requests."
      className="space-y-3"
    >
      <ListSection
        state={state}
        query={list}
        noun="invoices"
        toolbar={{
          search: { label: 'Search invoices', placeholder: 'Search number, company or email…' },
          filters: [statusFilter(STATUS_OPTIONS)],
          clear: true,
        }}
        empty={{
          icon: FileTextIcon,
          text: 'Invoices are issued when customers pay, or by Generate Monthly Invoices in Billing Management.',
        }}
        label="Invoices"
        columns={INVOICE_COLUMNS}
        rowProps={{ 'data-testid': 'invoice-row' }}
        actions={(i) => (
          <Button asChild variant="ghost" size="icon">
            <a
              href={i.pdfUrl}
              target="_blank"
              rel="noopener"
              aria-label={`Download PDF of invoice ${i.number}`}
            >
              <DownloadIcon aria-hidden="true" />
            </a>
          </Button>
        )}
        pager={{ label: 'Invoice pages', noun: ['invoice', 'invoices'] }}
      />
    </HeadedSection>
  );
}

/** The due date of an open invoice; others are not due. */
const dueOf = (i: AdminInvoice) => (i.status === 'open' && i.dueAt ? formatStaffDate(i.dueAt) : null);

const INVOICE_COLUMNS: readonly Column<AdminInvoice>[] = [
  {
    key: 'invoice',
    label: 'Invoice',
    cell: (i) => <span className="font-medium tabular-nums">{i.number}</span>,
  },
  {
    key: 'customer',
    label: 'Customer',
    from: 'lg',
    cell: (i) => (
      <>
        {i.companyName}
        <span className="block text-xs break-all text-muted-foreground">{i.email}</span>
      </>
    ),
    narrow: (i) => [i.companyName, <span className="break-all">{i.email}</span>],
  },
  {
    key: 'issued',
    label: 'Issued',
    sort: 'issuedAt',
    newestFirst: true,
    from: 'xl',
    cell: (i) => formatStaffDate(i.issuedAt),
    narrowLabel: true,
  },
  { key: 'due', label: 'Due', from: '3xl', cell: (i) => dueOf(i) ?? '—', narrow: dueOf, narrowLabel: true },
  {
    key: 'total',
    label: 'Total',
    numeric: true,
    cell: (i) => formatMoney(i.total),
  },
  {
    key: 'status',
    label: 'Status',
    cell: (i) => (
      <Badge variant={invoiceStatusBadge(i.status)}>{INVOICE_STATUS_LABELS[i.status] ?? i.status}</Badge>
    ),
  },
];
