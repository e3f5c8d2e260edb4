import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CreditCardIcon,
  DownloadIcon,
  FileTextIcon,
  MailIcon,
  MapPinIcon,
  PlusIcon,
  ReceiptIcon,
  SettingsIcon,
  type LucideIcon,
} from 'lucide-react';
import type { BillingInfo } from '@shared/contracts/portal';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeletons } from '@client/components/ui/skeleton';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { fetchLatestInvoice, paymentHistoryQuery, RECENT_TRANSACTIONS } from '../api';
import { COUNTRY_NAMES } from './billing-address-dialog';
import { CardSummary } from './card-summary';
import { formatMoney, formatShortDate } from '@client/lib/format';
import { StatusBadge, TRANSACTION_HISTORY_ERROR } from './transaction-status';
import { BusyIcon } from '@client/components/busy-icon';

/** The billing tab's cards: payment methods, recent transactions, invoices and billing settings. */

export function PaymentMethodsCard({
  billing,
  onManage,
}: {
  billing: BillingInfo;
  onManage: (withForm: boolean) => void;
}) {
  const cards = billing.paymentMethods;
  return (
    <Card className="flex flex-col">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle asHeading="h3">Payment Methods</CardTitle>
          <CardDescription>The primary card pays renewals and upgrades.</CardDescription>
        </div>
        {cards.length > 0 ? (
          <Button variant="outline" size="sm" onClick={() => onManage(false)} className="shrink-0">
            <SettingsIcon aria-hidden="true" />
            Manage Payment Methods
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex-1">
        {cards.length === 0 ? (
          <EmptyState
            icon={CreditCardIcon}
            headingLevel="h4"
            title="No payment method on file"
            text="Add a card so renewals and upgrades can be paid."
            className="py-8"
            action={
              <Button onClick={() => onManage(true)}>
                <PlusIcon aria-hidden="true" />
                Add payment method
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-2" aria-label="Payment methods">
            {cards.map((card) => (
              <li key={card.id} data-testid="payment-method" className="rounded-lg border p-3">
                <CardSummary card={card} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function RecentTransactionsCard({ email, onViewAll }: { email: string; onViewAll: () => void }) {
  const history = useQuery(paymentHistoryQuery(email, { page: 1, pageSize: RECENT_TRANSACTIONS }));
  return (
    <Card className="flex flex-col">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle asHeading="h3">Recent Transactions</CardTitle>
          <CardDescription>Your latest charges and refunds.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={onViewAll} className="shrink-0">
          View All Transactions
        </Button>
      </CardHeader>
      <CardContent className="flex-1">
        {history.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeletons count={3} className="h-12" />
          </div>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {TRANSACTION_HISTORY_ERROR}
          </p>
        ) : history.data.payments.length === 0 ? (
          <EmptyState
            icon={ReceiptIcon}
            headingLevel="h4"
            title="No transactions yet"
            text="Charges appear here after your first payment."
            className="py-8"
          />
        ) : (
          <ul className="divide-y" aria-label="Recent transactions" data-testid="recent-transactions">
            {history.data.payments.slice(0, RECENT_TRANSACTIONS).map((p) => (
              <li key={p.id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="text-sm font-medium break-words">{p.description}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={p.created}>{formatShortDate(p.created)}</time>
                  </p>
                  {p.status === 'failed' && p.failureMessage ? (
                    <p className="text-xs text-destructive">{p.failureMessage}</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span
                    className={cn(
                      'text-sm font-semibold tabular-nums',
                      p.status === 'failed' && 'text-muted-foreground line-through',
                    )}
                  >
                    {formatMoney(p.amount, p.currency)}
                  </span>
                  <StatusBadge status={p.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function InvoicesCard({
  email,
  billing,
  onViewAll,
}: {
  email: string;
  billing: BillingInfo;
  onViewAll: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const latest = billing.invoices[0];

  const download = async () => {
    setDownloading(true);
    try {
      const result = await fetchLatestInvoice(email);
      window.open(result.downloadUrl, '_blank', 'noopener');
      toast({
        title: 'Invoice Ready',
        description: `Invoice ${result.invoiceNumber} opened in a new tab.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: errorMessageOf(error, 'The invoice could not be downloaded. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h3">Invoices</CardTitle>
        <CardDescription>
          {latest
            ? `Latest: ${latest.number} of ${formatShortDate(latest.date)}, ${formatMoney(latest.amount, latest.currency)}.`
            : 'Your first invoice is issued with your first payment.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {/* Nothing to download before the first invoice: the button waits for it (the description says when). */}
        <Button onClick={() => void download()} disabled={downloading || !latest}>
          <BusyIcon busy={downloading} icon={DownloadIcon} />
          Download Latest Invoice
        </Button>
        <Button variant="outline" onClick={onViewAll}>
          <FileTextIcon aria-hidden="true" />
          View All Invoices
        </Button>
      </CardContent>
    </Card>
  );
}

/** One line of the billing settings: its icon and name, the value indented under them. */
function BillingDetail({
  icon: Icon,
  label,
  testId,
  className,
  children,
}: {
  icon: LucideIcon;
  label: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-0.5">
      <dt className="flex items-center gap-2 text-xs text-muted-foreground">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className={cn('pl-6 font-medium', className)} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function BillingSettingsCard({
  billing,
  onEmail,
  onAddress,
}: {
  billing: BillingInfo;
  onEmail: () => void;
  onAddress: () => void;
}) {
  const address = billing.billingAddress;
  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h3">Billing Settings</CardTitle>
        <CardDescription>Where invoices go and what they show.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm">
          <BillingDetail icon={MailIcon} label="Billing email" testId="billing-email" className="break-all">
            {billing.billingEmail}
          </BillingDetail>
          <BillingDetail icon={MapPinIcon} label="Billing address" testId="billing-address">
            {address
              ? `${address.street}, ${address.city}, ${address.state} ${address.zipCode}, ${COUNTRY_NAMES[address.country]}`
              : 'No billing address yet'}
          </BillingDetail>
        </dl>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button variant="outline" onClick={onEmail}>
            Update Billing Email
          </Button>
          <Button variant="outline" onClick={onAddress}>
            Update Billing Address
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
