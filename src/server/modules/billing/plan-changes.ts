import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { cancelledPlanChangeMessage } from '../../../shared/contracts/portal';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { inTransaction, type RequestContext } from '../../http/request-context';
import { usd } from '../../lib/money-text';
import { shortDate } from '../../lib/day-text';
import { recordAudit } from '../audit/service';
import { fleetUsage, usageExceeds } from '../fleet/usage';
import { notifyStaff, recordActivity } from '../notifications/service';
import { findActivePlan } from '../plans/service';
import {
  applyPlan,
  billingIdentity,
  customerById,
  defaultPaymentMethod,
  ensureProviderCustomer,
  lockSubscription,
  paymentByKey,
  planById,
  setCustomerStatus,
  subscriptionOf,
  type BillingContext,
  type CustomerRow,
  type SubscriptionRow,
} from './context';
import { reportFailedPayment } from './failed-payments';
import { prorationCents } from './periods';
import { recordPayment } from './payment-records';
import { recordPaidInvoice } from './record-paid-invoice';

/** Processors refuse tiny card charges (Stripe: under $0.50); a smaller difference is not charged. */
const MIN_CHARGE_CENTS = 50;

const CHANGE_IN_PROGRESS =
  'Another change to your subscription is in progress. Please try again in a moment.';
const CLAIM_MS = 2 * 60_000;
export const RESUME_NOT_CANCELLED = 'Your subscription is not cancelled, so there is nothing to resume.';

function assertChangeable(sub: SubscriptionRow, now: Date): void {
  if (sub.claimedUntil && sub.claimedUntil > now) throw conflict(CHANGE_IN_PROGRESS);
  if (sub.status === 'canceled')
    throw conflict('This subscription has ended. Subscribe again from checkout.');
  if (sub.status === 'pending' || sub.status === 'past_due') {
    throw conflict(
      'Your last payment did not go through. Update your payment method and complete checkout first.',
    );
  }
  // A cancelled subscription has no next billing date: charging for a bigger plan (or scheduling a
  // smaller one) would bill a period the customer has said they will not have (DECISIONS 0003).
  if (sub.cancelAtPeriodEnd) throw conflict(cancelledPlanChangeMessage(shortDate(sub.currentPeriodEnd)));
}

async function targetPlan(ctx: BillingContext, planId: string) {
  const plan = await findActivePlan(ctx.db, planId);
  if (!plan) throw badRequest('Please select a plan', { planId: 'Please select a plan' });
  return plan;
}

type TargetPlan = Awaited<ReturnType<typeof targetPlan>>;

/** The upgrade's own refusals, asked the same way by the preview and by the change. */
function assertUpgrade(sub: SubscriptionRow, target: TargetPlan, now: Date): void {
  assertChangeable(sub, now);
  if (sub.planId === target.id) throw badRequest('You are already on this plan.');
  if (target.priceCents <= sub.priceCents) {
    throw badRequest('That plan does not cost more than your current plan. Use Downgrade instead.');
  }
}

/** The downgrade's own refusals (the fleet must fit), asked the same way by the preview and the change. */
async function assertDowngrade(
  ctx: RequestContext,
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

function quotedChargeCents(sub: SubscriptionRow, toPriceCents: number, now: Date, expected?: number): number {
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

export type PlanChangeResult = {
  success: true;
  message: string;
  planId: string;
  planName: string;
  chargedAmount: number;
  effectiveAt: string;
  invoiceNumber: string | null;
};

/**
 * An upgrade applies at once. Mid-period it charges the prorated difference on the default card
 * first; the card is never charged inside a database transaction (the provider may be slow, and
 * the embedded database has one connection), so the subscription is claimed meanwhile.
 */
export async function upgradePlan(
  ctx: BillingContext,
  planId: string,
  /** The amount the customer's preview showed (dollars); the charge is exactly it, or refused. */
  expectedAmount?: number,
): Promise<PlanChangeResult> {
  const target = await targetPlan(ctx, planId);
  const now = ctx.clock.now();
  const { sub, amount } = await claimForUpgrade(ctx, target, now, expectedAmount);
  const release = () =>
    ctx.db.update(subscriptions).set({ claimedUntil: null }).where(eq(subscriptions.id, sub.id));

  try {
    const customer = await customerById(ctx.db, ctx.accountId);
    const upgrade: Upgrade = {
      sub,
      target,
      customer,
      amount,
      now,
      idempotencyKey: `upgrade:${sub.id}:${sub.planId}:${target.id}:${sub.currentPeriodStart.toISOString()}`,
    };
    const charge = await chargeUpgrade(ctx, upgrade);
    const invoiceNumber = await applyUpgrade(ctx, upgrade, charge);
    return {
      success: true,
      message: `You are now on the ${target.name} plan.`,
      planId: target.id,
      planName: target.name,
      chargedAmount: charge ? amount / 100 : 0,
      effectiveAt: now.toISOString(),
      invoiceNumber,
    };
  } finally {
    await release();
  }
}

/** One upgrade as its steps see it: the subscription claimed for it, the plan, the amount quoted. */
type Upgrade = {
  sub: SubscriptionRow;
  target: TargetPlan;
  customer: CustomerRow;
  amount: number;
  now: Date;
  /** The charge's key: one per subscription, plan move and period, so a retry charges once. */
  idempotencyKey: string;
};

/** Under the subscription's row lock: the refusals, the amount to charge, and the claim while it is charged. */
async function claimForUpgrade(
  ctx: BillingContext,
  target: TargetPlan,
  now: Date,
  expectedAmount: number | undefined,
): Promise<{ sub: SubscriptionRow; amount: number }> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, ctx.accountId);
    assertUpgrade(row, target, now);
    const cents = quotedChargeCents(row, target.priceCents, now, expectedAmount);
    await tx
      .update(subscriptions)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(eq(subscriptions.id, row.id));
    return { sub: row, amount: cents };
  });
}

/**
 * The prorated difference, charged on the default card outside any transaction; null when nothing
 * is charged (nothing due, or this upgrade's payment was recorded already). A declined card is
 * recorded (`recordDeclinedUpgrade`) and answered 402.
 */
async function chargeUpgrade(
  ctx: BillingContext,
  upgrade: Upgrade,
): Promise<{ ref: string; paymentMethodId: string } | null> {
  const { sub, target, customer, amount, idempotencyKey } = upgrade;
  if (amount <= 0 || (await paymentByKey(ctx.db, idempotencyKey))) return null;
  const card = await defaultPaymentMethod(ctx.db, customer.id);
  if (!card)
    throw badRequest('Add a payment method before upgrading: the difference for this period is charged now.');
  const customerRef = await ensureProviderCustomer(ctx, customer);
  const result = await ctx.provider.charge({
    customerRef,
    paymentMethodRef: card.providerRef,
    amountCents: amount,
    description: upgradeDescription(target),
    idempotencyKey,
    metadata: { customerId: customer.id, subscriptionId: sub.id, planId: target.id },
  });
  if (result.status === 'failed') {
    await recordDeclinedUpgrade(ctx, upgrade, { ...result, paymentMethodId: card.id });
    throw new HttpError(402, result.message, { errorType: result.code });
  }
  return { ref: result.ref, paymentMethodId: card.id };
}

const upgradeDescription = (target: TargetPlan) => `Upgrade to ${target.name} (prorated)`;

/** A declined upgrade charge: a failed payment, reported to staff, and the audit row, in one transaction. */
async function recordDeclinedUpgrade(
  ctx: BillingContext,
  { sub, target, customer, amount, now, idempotencyKey }: Upgrade,
  declined: { ref: string | null; message: string; paymentMethodId: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await recordPayment(
      tx,
      {
        customerId: customer.id,
        subscriptionId: sub.id,
        amountCents: amount,
        status: 'failed',
        description: upgradeDescription(target),
        provider: ctx.provider.name,
        providerRef: declined.ref,
        paymentMethodId: declined.paymentMethodId,
        failureMessage: declined.message,
        idempotencyKey: `${idempotencyKey}:failed:${declined.ref ?? now.getTime()}`,
        createdAt: now,
        planId: target.id,
      },
      { mail: ctx.mail },
    );
    await reportFailedPayment(tx, customer, {
      what: 'upgrade payment',
      amountCents: amount,
      reason: declined.message,
      activity: { planName: target.name },
    });
    await recordAudit(tx, ctx.actor, {
      action: 'upgrade',
      resourceType: 'subscription',
      resourceId: sub.id,
      newValues: { planId: target.id, amount: amount / 100 },
      success: false,
    });
  });
}

/**
 * The upgrade itself, in one transaction under the subscription's row lock: the plan applies, the
 * claim is released, and a charge made is recorded as a paid proration invoice with its payment.
 * Returns that invoice's number (null when nothing was charged).
 */
async function applyUpgrade(
  ctx: BillingContext,
  { sub, target, customer, amount, now, idempotencyKey }: Upgrade,
  charge: { ref: string; paymentMethodId: string } | null,
): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockSubscription(tx, customer.id);
    await applyPlan(tx, customer.id, target, now);
    await tx
      .update(subscriptions)
      .set({ scheduledPlanId: null, claimedUntil: null })
      .where(eq(subscriptions.id, sub.id));
    let number: string | null = null;
    if (charge) {
      const billedTo = await billingIdentity(tx, customer);
      const fromPlan = (await planById(tx, before.planId))?.name ?? before.planId;
      const { invoice } = await recordPaidInvoice(
        tx,
        {
          customerId: customer.id,
          amountCents: amount,
          paidAt: now,
          invoice: {
            issue: {
              kind: 'proration',
              subscriptionId: sub.id,
              line: {
                description: `Upgrade from ${fromPlan} to ${target.name}, prorated ${shortDate(now)} - ${shortDate(sub.currentPeriodEnd)}`,
              },
              periodStart: now,
              periodEnd: sub.currentPeriodEnd,
              billedTo,
            },
          },
          payment: {
            subscriptionId: sub.id,
            description: upgradeDescription(target),
            provider: ctx.provider.name,
            providerRef: charge.ref,
            paymentMethodId: charge.paymentMethodId,
            idempotencyKey,
            planId: target.id,
          },
        },
        { mail: ctx.mail },
      );
      number = invoice.number;
      await recordActivity(tx, customer, {
        action: 'payment_succeeded',
        description: `${customer.companyName} paid ${usd(amount)} for the upgrade to ${target.name}`,
        metadata: { amount: amount / 100, planName: target.name },
      });
    }
    await notifyStaff(tx, customer, 'plan_upgrade', { from: before.planId, to: target.id });
    await recordActivity(tx, customer, {
      action: 'plan_changed',
      description: `${customer.companyName} upgraded to ${target.name}`,
      metadata: { planName: target.name },
    });
    await recordAudit(tx, ctx.actor, {
      action: 'upgrade',
      resourceType: 'subscription',
      resourceId: sub.id,
      oldValues: { planId: before.planId, price: before.priceCents / 100 },
      newValues: { planId: target.id, price: target.priceCents / 100, charged: amount / 100 },
    });
    return number;
  });
}

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
export async function previewPlanChange(ctx: BillingContext, planId: string): Promise<PlanChangePreview> {
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

/** A downgrade waits for the end of the period, and only if the fleet fits the cheaper plan. */
export async function downgradePlan(ctx: BillingContext, planId: string): Promise<PlanChangeResult> {
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

/**
 * Cancellation stops renewal and keeps access to the end of the period (the billing job ends it
 * then); a pending subscription (nothing paid) ends at once. Either way the account's status is
 * Cancelled from now. The one way to cancel: the portal and staff (Edit Customer) both call it.
 */
export async function cancelSubscription(ctx: BillingContext) {
  const { actor, accountId: customerId } = ctx;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
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
export async function resumeSubscription(ctx: BillingContext) {
  const { actor, accountId: customerId } = ctx;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
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
