import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { CalendarClockIcon, CircleAlertIcon, CreditCardIcon } from 'lucide-react';
import { TRIAL_RULE, trialChargeText } from '@client/components/payments/trial-terms';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { billingInfoQuery } from '../api';
import { formatDate, formatMoney } from '@client/lib/format';

export type SubscriptionBannerProps = {
  customerId: string;
  subscriptionStatus: string;
  trialEndsAt: string | null;
  /** Null while billing info loads: the trial banner waits rather than guess. */
  hasCard: boolean | null;
};

const TONES = {
  /** A payment is due: an alert. */
  payment: {
    role: 'alert',
    icon: CircleAlertIcon,
    frame: 'border-destructive/40 bg-destructive/10',
    iconColor: 'text-destructive',
  },
  /** The trial's end: news, not an error. */
  trial: {
    role: 'status',
    icon: CalendarClockIcon,
    frame: 'border-primary/30 bg-primary/5',
    iconColor: 'text-primary',
  },
} as const;

function Banner({
  tone,
  action,
  children,
}: {
  tone: keyof typeof TONES;
  action: ReactNode;
  children: ReactNode;
}) {
  const { role, icon: Icon, frame, iconColor } = TONES[tone];
  return (
    <div
      role={role}
      data-testid="subscription-banner"
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center sm:justify-between',
        frame,
      )}
    >
      <div className="flex items-start gap-3">
        <Icon className={cn('mt-0.5 size-5 shrink-0', iconColor)} aria-hidden="true" />
        <p>{children}</p>
      </div>
      {action}
    </div>
  );
}

/**
 * The call to action when the subscription needs one: a payment that did not go through (pending,
 * past_due) or a trial with no card to charge when it ends. Checkout takes the customer's own id only.
 * The trial reads the same rule as the checkout and Billing (TRIAL_RULE): subscribing keeps the trial's
 * days, and a card on file is charged when the trial ends.
 */
export function SubscriptionBanner({
  customerId,
  subscriptionStatus,
  trialEndsAt,
  hasCard,
}: SubscriptionBannerProps) {
  const checkoutHref = `/checkout?customerId=${encodeURIComponent(customerId)}`;
  // The same cached billing info the portal reads for `hasCard`: what the card is charged, and when.
  const billing = useQuery(billingInfoQuery);

  if (subscriptionStatus === 'pending' || subscriptionStatus === 'past_due') {
    return (
      <Banner
        tone="payment"
        action={
          <Button asChild variant="destructive" className="shrink-0">
            <Link href={checkoutHref}>
              <CreditCardIcon aria-hidden="true" />
              Complete payment
            </Link>
          </Button>
        }
      >
        <span className="font-semibold">
          {subscriptionStatus === 'pending'
            ? 'Your subscription needs a payment.'
            : 'Your last payment failed.'}
        </span>{' '}
        {subscriptionStatus === 'pending'
          ? 'Complete checkout to activate your plan and keep access to your fleet.'
          : 'We will retry it; pay now to keep your account in good standing.'}
      </Banner>
    );
  }

  if (subscriptionStatus === 'trialing') {
    const ends = formatDate(trialEndsAt);
    if (!ends || hasCard === null) return null;
    const amount = billing.data?.nextBillingAmount;
    const chargedOn = formatDate(billing.data?.nextBillingDate) ?? ends;
    return (
      <Banner
        tone="trial"
        action={
          hasCard ? null : (
            <Button asChild className="shrink-0">
              <Link href={checkoutHref}>Subscribe now</Link>
            </Button>
          )
        }
      >
        <span className="font-medium">You are on a free trial.</span> It ends on{' '}
        <time dateTime={trialEndsAt ?? undefined} className="font-medium">
          {ends}
        </time>
        . {TRIAL_RULE}{' '}
        {hasCard
          ? amount != null
            ? trialChargeText(formatMoney(amount), chargedOn)
            : 'Your primary card is charged then.'
          : 'Subscribe now to keep access after the trial.'}
      </Banner>
    );
  }

  return null;
}
