import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  BadgeCheckIcon,
  CalendarIcon,
  CircleAlertIcon,
  CreditCardIcon,
  DollarSignIcon,
  DownloadIcon,
  FileTextIcon,
  LoaderCircleIcon,
  MailIcon,
  MapPinIcon,
  PlusIcon,
  ReceiptIcon,
  RotateCwIcon,
  SettingsIcon,
  TruckIcon,
} from 'lucide-react';
import type { BillingInfo } from '@shared/contracts/portal';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import {
  fetchLatestInvoice,
  RECENT_TRANSACTIONS,
  useBillingInfo,
  useCustomerProfile,
  usePaymentHistory,
} from '../billing-api';
import { BillingAddressDialog, COUNTRY_NAMES } from './billing-address-dialog';
import { BillingEmailDialog } from './billing-email-dialog';
import { formatDate, formatExpiry, formatMoney, formatShortDate, humanize, statusTone } from './format';
import { InvoicesDialog } from './invoices-dialog';
import { cardName } from './card-name';
import { StatusBadge } from './transaction-status';
import { TransactionsDialog } from './transactions-dialog';

// The card form (and Stripe.js when Stripe is the provider) loads only when the dialog opens.
const PaymentMethodsDialog = lazy(() => import('./payment-methods-dialog'));

const toneText = {
  success: 'text-success',
  warning: 'text-warning',
  destructive: 'text-destructive',
} as const;

function Stat({
  title,
  icon: Icon,
  children,
  note,
  testId,
  className,
}: {
  title: string;
  icon: typeof CalendarIcon;
  children: ReactNode;
  note?: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <Card data-testid={testId} className={className}>
      <CardHeader className="flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <CardTitle asHeading="h3" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-1 px-4 pb-4 sm:px-5 sm:pb-5">
        <div className="text-xl font-bold tracking-tight sm:text-2xl">{children}</div>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

/** Why there is no next charge, in the customer's words. */
function noChargeReason(billing: BillingInfo): string {
  if (billing.cancelAtPeriodEnd) {
    const end = formatDate(billing.currentPeriodEnd);
    return end ? `Your subscription was cancelled and ends on ${end}.` : 'Your subscription was cancelled.';
  }
  if (billing.subscriptionStatus === 'canceled') return 'Your subscription has ended.';
  if (billing.subscriptionStatus === 'pending')
    return 'Your subscription needs a payment: complete checkout.';
  return 'No charge is scheduled.';
}

function SummaryCards({ billing, carLimit }: { billing: BillingInfo; carLimit: number | null | undefined }) {
  const price = billing.currentPlan.price;
  const tone = statusTone(billing.status);
  const next = formatShortDate(billing.nextBillingDate);
  const trialingWithoutCard =
    billing.subscriptionStatus === 'trialing' && billing.paymentMethods.length === 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
      <Stat
        className="col-span-2 sm:col-span-1"
        title="Current Status"
        icon={BadgeCheckIcon}
        testId="billing-status"
        note={`Subscription: ${humanize(billing.subscriptionStatus)}`}
      >
        <span className={toneText[tone]}>{humanize(billing.status)}</span>
      </Stat>
      <Stat
        title="Monthly Subscription"
        icon={DollarSignIcon}
        testId="billing-monthly"
        note={`${billing.currentPlan.name} plan`}
      >
        {formatMoney(price)}
      </Stat>
      <Stat
        title="Next Billing"
        icon={CalendarIcon}
        testId="billing-next"
        note={
          next && billing.nextBillingAmount !== null
            ? trialingWithoutCard
              ? `${formatMoney(billing.nextBillingAmount)} when your trial ends. Add a card first.`
              : `${formatMoney(billing.nextBillingAmount)}${billing.scheduledPlan ? ` (${billing.scheduledPlan.name})` : ''}`
            : noChargeReason(billing)
        }
      >
        {next ? (
          // The short form fits the card at every width; the full date is in the title.
          <time
            dateTime={billing.nextBillingDate ?? undefined}
            title={formatDate(billing.nextBillingDate) ?? undefined}
            className="text-xl whitespace-nowrap"
          >
            {next}
          </time>
        ) : (
          <span className="text-lg">No upcoming charge</span>
        )}
      </Stat>
      <Stat title="Annual Cost" icon={ReceiptIcon} testId="billing-annual" note="12 monthly payments">
        {formatMoney(price * 12)}
      </Stat>
      <Stat
        title="Cost per Vehicle"
        icon={TruckIcon}
        testId="billing-per-vehicle"
        note={
          carLimit
            ? `Per month, across ${carLimit} vehicles`
            : carLimit === null
              ? 'Unlimited vehicles'
              : undefined
        }
      >
        {carLimit ? (
          formatMoney(Math.round(price / carLimit))
        ) : carLimit === null ? (
          '—'
        ) : (
          <Skeleton className="h-8 w-20" />
        )}
      </Stat>
    </div>
  );
}

function PaymentMethodsCard({
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
              <li
                key={card.id}
                data-testid="payment-method"
                className="flex items-center gap-3 rounded-lg border p-3"
              >
                <CreditCardIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    {cardName(card)}
                    {card.isDefault ? <Badge variant="success">Primary</Badge> : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Expires {formatExpiry(card.expMonth, card.expYear)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RecentTransactionsCard({ email, onViewAll }: { email: string; onViewAll: () => void }) {
  const history = usePaymentHistory(email, 1, RECENT_TRANSACTIONS);
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
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Unable to load transaction history.
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

function InvoicesCard({
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
        <Button onClick={() => void download()} disabled={downloading}>
          {downloading ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
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

function BillingSettingsCard({
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
          <div className="grid gap-0.5">
            <dt className="flex items-center gap-2 text-xs text-muted-foreground">
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              Billing email
            </dt>
            <dd className="pl-6 font-medium break-all" data-testid="billing-email">
              {billing.billingEmail}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="flex items-center gap-2 text-xs text-muted-foreground">
              <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
              Billing address
            </dt>
            <dd className="pl-6 font-medium" data-testid="billing-address">
              {address
                ? `${address.street}, ${address.city}, ${address.state} ${address.zipCode}, ${COUNTRY_NAMES[address.country]}`
                : 'No billing address yet'}
            </dd>
          </div>
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

function BillingSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading billing
      </span>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </div>
  );
}

type OpenDialog = 'cards' | 'cards-add' | 'transactions' | 'invoices' | 'email' | 'address' | null;

/** The Billing & Payments tab (spec 1 §2), with real figures or honest empty states only. */
export default function BillingTab({ email }: { email: string }) {
  const billing = useBillingInfo();
  const profile = useCustomerProfile(email);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = (open: boolean) => !open && setDialog(null);

  if (billing.isPending) return <BillingSkeleton />;
  if (billing.isError) {
    return (
      <EmptyState
        className="bg-background"
        icon={CircleAlertIcon}
        title="Billing could not be loaded"
        text={errorMessageOf(billing.error, 'Please try again.')}
        action={
          <Button variant="outline" onClick={() => void billing.refetch()} disabled={billing.isFetching}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  }
  const info = billing.data;
  // Undefined while the profile loads (a skeleton), null for an unlimited plan.
  const carLimit = profile.isError ? null : profile.data?.carLimit;

  return (
    <div className="grid gap-6">
      <SummaryCards billing={info} carLimit={carLimit} />
      <div className="grid gap-6 lg:grid-cols-2">
        <PaymentMethodsCard
          billing={info}
          onManage={(withForm) => setDialog(withForm ? 'cards-add' : 'cards')}
        />
        <RecentTransactionsCard email={email} onViewAll={() => setDialog('transactions')} />
        <InvoicesCard email={email} billing={info} onViewAll={() => setDialog('invoices')} />
        <BillingSettingsCard
          billing={info}
          onEmail={() => setDialog('email')}
          onAddress={() => setDialog('address')}
        />
      </div>

      {dialog === 'cards' || dialog === 'cards-add' ? (
        <Suspense fallback={null}>
          <PaymentMethodsDialog
            billing={info}
            open
            onOpenChange={close}
            startWithForm={dialog === 'cards-add'}
          />
        </Suspense>
      ) : null}
      {dialog === 'transactions' ? <TransactionsDialog email={email} open onOpenChange={close} /> : null}
      {dialog === 'invoices' ? <InvoicesDialog open onOpenChange={close} /> : null}
      {/* Mounted only while open, so each opening starts from the values on file. */}
      {dialog === 'email' ? (
        <BillingEmailDialog email={email} currentBillingEmail={info.billingEmail} open onOpenChange={close} />
      ) : null}
      {dialog === 'address' ? (
        <BillingAddressDialog email={email} current={info.billingAddress} open onOpenChange={close} />
      ) : null}
    </div>
  );
}
