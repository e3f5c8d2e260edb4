import { eq } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { shortDate } from '../../../lib/day-text';
import { recordAudit } from '../../audit';
import { notifyStaff, recordActivity } from '../../notifications';
import { setCustomerStatus } from '../core/account-writes';
import { customerById, lockSubscription } from '../core/lookups';
import { CHANGE_IN_PROGRESS } from './plan-rules';
import { type CustomerContext, inTransaction } from '../../../http/request-context';

export const RESUME_NOT_CANCELLED = 'Your subscription is not cancelled, so there is nothing to resume.';

/**
 * Cancellation stops renewal and keeps access to the end of the period (the billing job ends it
 * then); a pending subscription (nothing paid) ends at once. Either way the account's status is
 * Cancelled from now. The one way to cancel: the portal and staff (Edit Customer) both call it.
 */
export async function cancelSubscription(ctx: CustomerContext) {
  const { actor, accountId: customerId } = ctx;
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ db: tx }) => {
    const sub = await lockSubscription(tx, customerId);
    if (sub.status === 'canceled') throw conflict('This subscription has already ended.');
    if (sub.cancelAtPeriodEnd)
      throw conflict(`Your subscription is already set to end on ${shortDate(sub.currentPeriodEnd)}.`);
    const customer = await customerById(tx, customerId);
    const endsNow = sub.status === 'pending';
    await tx
      .update(subscriptions)
      .set(
        endsNow
          ? {
              status: 'canceled',
              canceledAt: now,
              cancelAtPeriodEnd: false,
              scheduledPlanId: null,
              nextActionAt: null,
              updatedAt: now,
            }
          : { cancelAtPeriodEnd: true, canceledAt: now, scheduledPlanId: null, updatedAt: now },
      )
      .where(eq(subscriptions.id, sub.id));
    // Cancelled means renewal has stopped (access to the period end): the account says so from now.
    await setCustomerStatus(tx, customerId, 'cancelled', now);
    await notifyStaff(tx, customer, 'subscription_cancelled', {
      endsAt: (endsNow ? now : sub.currentPeriodEnd).toISOString(),
    });
    await recordActivity(tx, customer, {
      action: 'plan_changed',
      description: `${customer.companyName} cancelled their subscription (access until ${shortDate(endsNow ? now : sub.currentPeriodEnd)})`,
    });
    await recordAudit(tx, actor, {
      action: 'cancel',
      resourceType: 'subscription',
      resourceId: sub.id,
      oldValues: { status: sub.status },
      newValues: { cancelAtPeriodEnd: !endsNow, status: endsNow ? 'canceled' : sub.status },
    });
    const endsAt = endsNow ? now : sub.currentPeriodEnd;
    return {
      success: true as const,
      message: endsNow
        ? 'Your subscription has been cancelled.'
        : `Your subscription is cancelled. You keep access until ${shortDate(endsAt)}.`,
      endsAt: endsAt.toISOString(),
    };
  });
}

/**
 * Takes a cancellation back before the period ends: the subscription renews again as if it had never
 * been cancelled. One change under the row lock, with its audit row; a repeat (or a second request at
 * the same moment) finds nothing to resume and is refused, so it changes and records nothing.
 */
export async function resumeSubscription(ctx: CustomerContext) {
  const { actor, accountId: customerId } = ctx;
  const now = ctx.clock.now();
  return inTransaction(ctx, async ({ db: tx }) => {
    const sub = await lockSubscription(tx, customerId);
    if (sub.claimedUntil && sub.claimedUntil > now) throw conflict(CHANGE_IN_PROGRESS);
    if (sub.status === 'canceled')
      throw conflict('Your subscription has ended. Subscribe again from checkout.');
    // Past the period end the billing job is about to end it (or already is): too late to take back.
    if (sub.cancelAtPeriodEnd && sub.currentPeriodEnd <= now) {
      throw conflict(
        `Your subscription ended on ${shortDate(sub.currentPeriodEnd)}. Subscribe again from checkout.`,
      );
    }
    if (!sub.cancelAtPeriodEnd) throw conflict(RESUME_NOT_CANCELLED);
    const customer = await customerById(tx, customerId);
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, canceledAt: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    // Renewing again (a trial or a paid period, past due or not): the account is active again.
    await setCustomerStatus(tx, customerId, 'active', now);
    await recordActivity(tx, customer, {
      action: 'plan_changed',
      description: `${customer.companyName} took back their cancellation (renews on ${shortDate(sub.currentPeriodEnd)})`,
    });
    await recordAudit(tx, actor, {
      action: 'resume',
      resourceType: 'subscription',
      resourceId: sub.id,
      oldValues: { cancelAtPeriodEnd: true, canceledAt: sub.canceledAt?.toISOString() ?? null },
      newValues: { cancelAtPeriodEnd: false },
    });
    const until = shortDate(sub.currentPeriodEnd);
    return {
      success: true as const,
      message:
        sub.status === 'trialing'
          ? `Your subscription is no longer cancelled. Your trial continues until ${until}.`
          : `Your subscription is no longer cancelled. It renews on ${until}.`,
      renewsAt: sub.currentPeriodEnd.toISOString(),
    };
  });
}
