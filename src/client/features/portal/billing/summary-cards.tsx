import type { ReactNode } from 'react';
import { BadgeCheckIcon, CalendarIcon, DollarSignIcon, ReceiptIcon, TruckIcon } from 'lucide-react';
import type { BillingInfo } from '@shared/contracts/portal';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { CancelsOnBadge, cancellationDate } from '../plans/cancellation-badge';
import { formatDate, formatMoney, formatShortDate, humanize, statusTextClass } from '@client/lib/format';

/** The billing tab's five figures: status, monthly, next billing, annual and per vehicle. */

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

export function SummaryCards({
  billing,
  carLimit,
}: {
  billing: BillingInfo;
  carLimit: number | null | undefined;
}) {
  const price = billing.currentPlan.price;
  const cancelsOn = cancellationDate(billing);
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
        note={
          cancelsOn
            ? 'Full access until then. Resume it on the Plans tab to keep it.'
            : `Subscription: ${humanize(billing.subscriptionStatus)}`
        }
      >
        {cancelsOn ? (
          <CancelsOnBadge date={cancelsOn} className="px-2.5 py-1 text-sm" />
        ) : (
          <span className={statusTextClass(billing.status)}>{humanize(billing.status)}</span>
        )}
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
