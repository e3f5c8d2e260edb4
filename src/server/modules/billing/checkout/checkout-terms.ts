import type { PlanRow, SubscriptionRow } from '../core/rows';
import { nextPeriodEnd } from '../core/periods';

const DAY_MS = 86_400_000;

/**
 * What a checkout charges and which period it pays for. The rule (docs/billing.md, "Trial days are never
 * lost"): the first paid month starts when the trial ends. Paying during a trial charges the month's price
 * today, and the period it pays runs from now to one month after the trial's end, so the trial days left
 * are kept. Out of a trial (pending, past due) the month starts now. The checkout preview
 * (`createCheckout`) and the payment (`completeCheckout`) both ask this function, so the page says what
 * the payment does.
 */
export type CheckoutTerms = {
  planId: string;
  planName: string;
  priceCents: number;
  /** Charged by this checkout: one month's price, nothing prorated. */
  dueTodayCents: number;
  /** When the trial ends, while trial days are left; null otherwise. */
  trialEndsAt: Date | null;
  /** Whole trial days still to come (rounded up), added to the first period. */
  trialDaysKept: number;
  periodStart: Date;
  periodEnd: Date;
};

export function checkoutTerms(
  sub: Pick<SubscriptionRow, 'status' | 'trialEndsAt'>,
  plan: Pick<PlanRow, 'id' | 'name' | 'priceCents'>,
  now: Date,
): CheckoutTerms {
  const inTrial = sub.status === 'trialing' && !!sub.trialEndsAt && sub.trialEndsAt > now;
  const trialEndsAt = inTrial ? sub.trialEndsAt : null;
  return {
    planId: plan.id,
    planName: plan.name,
    priceCents: plan.priceCents,
    dueTodayCents: plan.priceCents,
    trialEndsAt,
    trialDaysKept: trialEndsAt ? Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS) : 0,
    periodStart: now,
    periodEnd: nextPeriodEnd(trialEndsAt ?? now),
  };
}
