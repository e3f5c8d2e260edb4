import type { ReactNode } from 'react';
import type { CheckoutTermsView, PaymentRequestTermsView } from '@shared/contracts/checkout';
import { checkoutPeriodText, dayCount, formatLongDate } from '@client/components/payments/trial-terms';
import { formatMoney } from '@client/lib/format';

/** The payment before the card: plan, monthly price, today's charge, the trial days kept. */
export function OrderSummary({ terms }: { terms: CheckoutTermsView }) {
  const periodEnd = formatLongDate(terms.periodEnd);
  const rows: [string, ReactNode][] = [
    ['Plan', terms.planName],
    ['Monthly price', `${formatMoney(terms.monthlyPrice)} / month`],
    [
      'Free trial',
      terms.trialEndsAt
        ? `${dayCount(terms.trialDaysKept)} left, kept (ends ${formatLongDate(terms.trialEndsAt)})`
        : 'Ended',
    ],
    ['Next payment', periodEnd],
  ];
  return (
    <section aria-labelledby="order-summary-heading" className="grid gap-3 rounded-lg border bg-muted/30 p-4">
      <h2 id="order-summary-heading" className="text-sm font-semibold">
        Order summary
      </h2>
      <dl className="grid gap-2 text-sm" data-testid="checkout-summary">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t pt-2">
          <dt className="font-semibold">Charged today</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(terms.dueToday)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{checkoutPeriodText(terms.trialDaysKept, periodEnd)}</p>
    </section>
  );
}

/** A staff payment request (docs/billing-admin.md): what it is for, how much, and by when. */
export function RequestSummary({ request }: { request: PaymentRequestTermsView }) {
  return (
    <section
      aria-labelledby="request-summary-heading"
      className="grid gap-3 rounded-lg border bg-muted/30 p-4"
    >
      <h2 id="request-summary-heading" className="text-sm font-semibold">
        Payment request
      </h2>
      <dl className="grid gap-2 text-sm" data-testid="checkout-summary">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
          <dt className="text-muted-foreground">For</dt>
          <dd className="font-medium break-words">{request.description}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
          <dt className="text-muted-foreground">Due</dt>
          <dd className="font-medium">{formatLongDate(`${request.dueDate}T12:00:00Z`)}</dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t pt-2">
          <dt className="font-semibold">Amount due</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(request.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}
