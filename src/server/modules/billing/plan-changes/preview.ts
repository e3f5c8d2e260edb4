import { notFound } from '../../../http/errors';
import { usd } from '../../../lib/money-text';
import { shortDate } from '../../../lib/day-text';
import { defaultPaymentMethod, planById, subscriptionOf } from '../core/lookups';
import { assertDowngrade, assertUpgrade, targetPlan, upgradeChargeCents } from './plan-rules';
import type { CustomerContext } from '../../../http/request-context';

export type PlanChangePreview = {
  kind: 'upgrade' | 'downgrade';
  planId: string;
  planName: string;
  currentPlanName: string;
  newMonthlyPrice: number;
  amountDueToday: number;
  trialing: boolean;
  effectiveAt: string;
  periodEnd: string;
  firstChargeAt: string | null;
  paymentMethod: { brand: string; last4: string } | null;
  quotedAt: string;
  message: string;
};

/**
 * What a plan change would do, said before it is done: the same refusals and, for an upgrade, the
 * amount `upgradePlan` charges (same function, same moment's inputs). Reads only: nothing is locked,
 * charged or recorded.
 */
export async function previewPlanChange(ctx: CustomerContext, planId: string): Promise<PlanChangePreview> {
  const target = await targetPlan(ctx, planId);
  const now = ctx.clock.now();
  const sub = await subscriptionOf(ctx.db, ctx.accountId);
  if (!sub) throw notFound('This account has no subscription');
  const current = await planById(ctx.db, sub.planId);
  const currentPlanName = current?.name ?? sub.planId;
  const periodEnd = sub.currentPeriodEnd;
  const trialing = sub.status === 'trialing';
  const base = {
    planId: target.id,
    planName: target.name,
    currentPlanName,
    newMonthlyPrice: target.priceCents / 100,
    trialing,
    periodEnd: periodEnd.toISOString(),
    firstChargeAt: periodEnd.toISOString(),
    quotedAt: now.toISOString(),
  };
  if (target.priceCents > sub.priceCents) {
    assertUpgrade(sub, target, now);
    const cents = upgradeChargeCents(sub, target.priceCents, now);
    const card = cents > 0 ? await defaultPaymentMethod(ctx.db, ctx.accountId) : undefined;
    return {
      ...base,
      kind: 'upgrade',
      amountDueToday: cents / 100,
      effectiveAt: now.toISOString(),
      paymentMethod: card ? { brand: card.brand, last4: card.last4 } : null,
      message:
        cents > 0
          ? `${usd(cents)} is charged today for ${target.name} until ${shortDate(periodEnd)}; then ${usd(target.priceCents)}/month.`
          : `Nothing is charged today; ${target.name} costs ${usd(target.priceCents)}/month from ${shortDate(periodEnd)}.`,
    };
  }
  await assertDowngrade(ctx, sub, target, now);
  return {
    ...base,
    kind: 'downgrade',
    amountDueToday: 0,
    effectiveAt: periodEnd.toISOString(),
    paymentMethod: null,
    message: `Nothing is charged today. Your plan changes to ${target.name} on ${shortDate(periodEnd)}, at ${usd(target.priceCents)}/month.`,
  };
}
