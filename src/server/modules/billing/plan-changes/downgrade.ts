import { eq } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import { inTransaction } from '../../../http/request-context';
import { shortDate } from '../../../lib/day-text';
import { recordAudit } from '../../audit';
import { notifyStaff, recordActivity } from '../../notifications';
import { customerById, lockSubscription } from '../core/lookups';
import { assertDowngrade, targetPlan } from './plan-rules';
import type { PlanChangeResult } from './upgrade';
import type { CustomerContext } from '../../../http/request-context';

/** A downgrade waits for the end of the period, and only if the fleet fits the cheaper plan. */
export async function downgradePlan(ctx: CustomerContext, planId: string): Promise<PlanChangeResult> {
  const { actor, accountId: customerId } = ctx;
  const target = await targetPlan(ctx, planId);
  const now = ctx.clock.now();
  return inTransaction(ctx, async (txc) => {
    const tx = txc.db;
    const sub = await lockSubscription(tx, customerId);
    await assertDowngrade(txc, sub, target, now);
    const customer = await customerById(tx, customerId);
    await tx
      .update(subscriptions)
      .set({ scheduledPlanId: target.id, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await notifyStaff(tx, customer, 'plan_downgrade', { from: sub.planId, to: target.id });
    await recordActivity(tx, customer, {
      action: 'plan_changed',
      description: `${customer.companyName} scheduled a downgrade to ${target.name} on ${shortDate(sub.currentPeriodEnd)}`,
      metadata: { planName: target.name },
    });
    await recordAudit(tx, actor, {
      action: 'downgrade',
      resourceType: 'subscription',
      resourceId: sub.id,
      oldValues: { planId: sub.planId, scheduledPlanId: sub.scheduledPlanId },
      newValues: { scheduledPlanId: target.id, effectiveAt: sub.currentPeriodEnd.toISOString() },
    });
    return {
      success: true as const,
      message: `Your plan changes to ${target.name} on ${shortDate(sub.currentPeriodEnd)}.`,
      planId: target.id,
      planName: target.name,
      chargedAmount: 0,
      effectiveAt: sub.currentPeriodEnd.toISOString(),
      invoiceNumber: null,
    };
  });
}
