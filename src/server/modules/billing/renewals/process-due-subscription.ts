import { eq } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import type { AuditActor } from '../../audit';
import { recordActivity } from '../../notifications';
import { setCustomerStatus } from '../core/account-writes';
import type { BillingDeps } from '../core/deps';
import type { CustomerRow, SubscriptionRow } from '../core/rows';
import { refreshAccountsHealth } from '../../customer-health';
import { auditRenewal, chargeRenewal, renewalContext, renewalOf, type RenewalContext } from './renewal';
import { recordRenewal } from './record-renewal';

/** The billing job, acting on one account: its audit rows name the account. */
const billingJob = (accountId: string): AuditActor => ({
  actorType: 'system',
  actorId: null,
  actorEmail: 'billing',
  ipAddress: null,
  userAgent: 'billing-job',
  accountId,
});

export type RenewalOutcome = 'renewed' | 'failed' | 'pending' | 'canceled' | 'skipped';

/**
 * What the billing job does with one due subscription it has claimed. Every period boundary is
 * `current_period_end` (a trial is the first period): cancel if asked, otherwise charge the next
 * period on the default card. A failed charge is retried on day 3 and day 7 after the due date;
 * after the last one, or at a trial's end without a card, the customer becomes pending. The account's
 * health is refreshed once the outcome is committed, unless the caller does it (`refreshHealth: false`:
 * the job, once per claimed batch).
 */
export async function processDueSubscription(
  deps: BillingDeps,
  claimed: SubscriptionRow,
  /**
   * Who asked: the billing job, or a staff member retrying a failed renewal now (`staffRetry`). A staff
   * retry charges before the schedule and, declined, leaves the schedule as it was: the customer keeps
   * every automatic retry, and only the job ever makes the subscription pending.
   */
  actor: AuditActor = billingJob(claimed.customerId),
  {
    staffRetry = false,
    context,
    refreshHealth = true,
  }: {
    staffRetry?: boolean;
    /** The renewal's context, when the caller read it already (the job reads a batch's at once). */
    context?: RenewalContext;
    refreshHealth?: boolean;
  } = {},
): Promise<RenewalOutcome> {
  const outcome = await settleDue(deps, claimed, actor, { staffRetry, context });
  // The outcome is committed by now: a refresh that fails is the daily health sweep's to redo, not an
  // error of the renewal (a staff retry that charged must not answer 500).
  if (refreshHealth && outcome !== 'skipped')
    await refreshAccountsHealth(deps.db, [claimed.customerId]).catch(() => undefined);
  return outcome;
}

async function settleDue(
  deps: BillingDeps,
  claimed: SubscriptionRow,
  actor: AuditActor,
  { staffRetry, context }: { staffRetry: boolean; context: RenewalContext | undefined },
): Promise<RenewalOutcome> {
  const now = deps.clock.now();
  if (!staffRetry && (!claimed.nextActionAt || claimed.nextActionAt > now)) {
    return release(deps, claimed, 'skipped');
  }
  if (claimed.cancelAtPeriodEnd && claimed.currentPeriodEnd <= now) {
    return staffRetry ? release(deps, claimed, 'skipped') : endSubscription(deps, claimed);
  }
  if (!['trialing', 'active', 'past_due'].includes(claimed.status)) return release(deps, claimed, 'skipped');
  const { customer, card, plan, billingAddress } = context ?? (await renewalContext(deps, claimed));
  if (!card && claimed.status === 'trialing') return trialEndsWithoutCard(deps, claimed, customer);
  const renewal = await renewalOf(
    deps,
    claimed,
    { customer, card, plan, billingAddress },
    { staffRetry, now },
  );
  const result = await chargeRenewal(deps, renewal);
  return recordRenewal(deps, actor, renewal, result);
}

async function release(
  deps: BillingDeps,
  sub: SubscriptionRow,
  outcome: RenewalOutcome,
): Promise<RenewalOutcome> {
  await deps.db.update(subscriptions).set({ claimedUntil: null }).where(eq(subscriptions.id, sub.id));
  return outcome;
}

async function endSubscription(deps: BillingDeps, sub: SubscriptionRow): Promise<RenewalOutcome> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({
        status: 'canceled',
        cancelAtPeriodEnd: false,
        nextActionAt: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    await setCustomerStatus(tx, sub.customerId, 'cancelled', now);
    await auditRenewal(tx, billingJob(sub.customerId), sub.id, {
      action: 'cancel',
      oldValues: { status: sub.status },
      newValues: { status: 'canceled' },
    });
  });
  return 'canceled';
}

async function trialEndsWithoutCard(
  deps: BillingDeps,
  sub: SubscriptionRow,
  customer: CustomerRow,
): Promise<RenewalOutcome> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: 'pending', nextActionAt: null, claimedUntil: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await setCustomerStatus(tx, sub.customerId, 'pending', now);
    await recordActivity(tx, customer, {
      action: 'customer_updated',
      description: `${customer.companyName}'s trial ended without a payment method: waiting for checkout`,
    });
    await auditRenewal(tx, billingJob(sub.customerId), sub.id, {
      action: 'trial_end',
      oldValues: { status: 'trialing' },
      newValues: { status: 'pending' },
    });
  });
  return 'pending';
}
