import { cancelledPlanChangeMessage } from '../../../../shared/contracts/portal';
import { HttpError, badRequest, conflict } from '../../../http/errors';
import { usd } from '../../../lib/money-text';
import { shortDate } from '../../../lib/day-text';
import { fleetUsage, usageExceeds } from '../../fleet';
import { findActivePlan } from '../../plans';
import type { SubscriptionRow } from '../core/rows';
import { prorationCents } from '../core/periods';
import type { CustomerContext } from '../../../http/request-context';

/** Processors refuse tiny card charges (Stripe: under $0.50); a smaller difference is not charged. */
const MIN_CHARGE_CENTS = 50;

export const CHANGE_IN_PROGRESS =
  'Another change to your subscription is in progress. Please try again in a moment.';

export function assertChangeable(sub: SubscriptionRow, now: Date): void {
  if (sub.claimedUntil && sub.claimedUntil > now) throw conflict(CHANGE_IN_PROGRESS);
  if (sub.status === 'canceled')
    throw conflict('This subscription has ended. Subscribe again from checkout.');
  if (sub.status === 'pending' || sub.status === 'past_due') {
    throw conflict(
      'Your last payment did not go through. Update your payment method and complete checkout first.',
    );
  }
  // A cancelled subscription has no next billing date: charging for a bigger plan (or scheduling a
  // smaller one) would bill a period the customer has said they will not have
  // (docs/decisions/0003-hardening.md, item 2).
  if (sub.cancelAtPeriodEnd) throw conflict(cancelledPlanChangeMessage(shortDate(sub.currentPeriodEnd)));
}

export async function targetPlan(ctx: CustomerContext, planId: string) {
  const plan = await findActivePlan(ctx.db, planId);
  if (!plan) throw badRequest('Please select a plan', { planId: 'Please select a plan' });
  return plan;
}

export type TargetPlan = Awaited<ReturnType<typeof targetPlan>>;

/** The upgrade's own refusals, asked the same way by the preview and by the change. */
export function assertUpgrade(sub: SubscriptionRow, target: TargetPlan, now: Date): void {
  assertChangeable(sub, now);
  if (sub.planId === target.id) throw badRequest('You are already on this plan.');
  if (target.priceCents <= sub.priceCents) {
    throw badRequest('That plan does not cost more than your current plan. Use Downgrade instead.');
  }
}

/** The downgrade's own refusals (the fleet must fit), asked the same way by the preview and the change. */
export async function assertDowngrade(
  ctx: CustomerContext,
  sub: SubscriptionRow,
  target: TargetPlan,
  now: Date,
): Promise<void> {
  assertChangeable(sub, now);
  if (sub.planId === target.id) throw badRequest('You are already on this plan.');
  if (target.priceCents >= sub.priceCents)
    throw badRequest('That plan does not cost less than your current plan. Use Upgrade instead.');
  const refusal = usageExceeds(await fleetUsage(ctx), {
    name: target.name,
    vehicleLimit: target.vehicleLimit,
    userLimit: target.userLimit,
  });
  if (refusal) throw conflict(refusal);
}

/**
 * What an upgrade charges today, the one function the preview and the charge both use: nothing
 * during a trial; otherwise the prorated price difference for the rest of the period, or nothing
 * when that is under the processor's minimum. It never grows as time passes.
 */
export function upgradeChargeCents(
  sub: Pick<SubscriptionRow, 'status' | 'priceCents' | 'currentPeriodStart' | 'currentPeriodEnd'>,
  toPriceCents: number,
  at: Date,
): number {
  if (sub.status === 'trialing') return 0;
  const cents = prorationCents({
    fromPriceCents: sub.priceCents,
    toPriceCents,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    at,
  });
  return cents >= MIN_CHARGE_CENTS ? cents : 0;
}

/**
 * How long a previewed amount holds. The upgrade charges the amount the customer was shown when it
 * is what `upgradeChargeCents` gave at some moment of the last QUOTE_HOLD_MS (never less than
 * today's, so a client cannot pay less by naming an amount); otherwise it refuses with the new one.
 */
export const QUOTE_HOLD_MS = 15 * 60_000;

export function quotedChargeCents(
  sub: SubscriptionRow,
  toPriceCents: number,
  now: Date,
  expected?: number,
): number {
  const current = upgradeChargeCents(sub, toPriceCents, now);
  if (expected === undefined) return current;
  const expectedCents = Math.round(expected * 100);
  const earliest = new Date(Math.max(now.getTime() - QUOTE_HOLD_MS, sub.currentPeriodStart.getTime()));
  const highest = upgradeChargeCents(sub, toPriceCents, earliest);
  if (expectedCents >= current && expectedCents <= highest) return expectedCents;
  throw new HttpError(
    409,
    `The amount due today is now ${usd(current)}, not ${usd(expectedCents)}. Review it and confirm again.`,
    { errorType: 'amount_changed' },
  );
}
