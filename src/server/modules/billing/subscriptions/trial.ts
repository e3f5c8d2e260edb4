import { TRIAL_DAYS } from '../../../../shared/constants';
import type { Executor } from '../../../db/client';
import { subscriptions } from '../../../db/schema';
import type { PlanRow } from '../core/rows';

/**
 * Self sign-up starts a trial without a card: the trial is the first period, and the billing job
 * looks at the subscription again when it ends (charge the default card, or ask for one).
 */
export async function startTrial(tx: Executor, customerId: string, plan: PlanRow, now: Date) {
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      customerId,
      planId: plan.id,
      status: 'trialing',
      priceCents: plan.priceCents,
      trialEndsAt,
      currentPeriodStart: now,
      currentPeriodEnd: trialEndsAt,
      nextActionAt: trialEndsAt,
    })
    .returning();
  return row!;
}
