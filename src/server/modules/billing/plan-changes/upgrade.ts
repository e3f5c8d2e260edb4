import { eq } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import { HttpError, badRequest } from '../../../http/errors';
import { usd } from '../../../lib/money-text';
import { shortDate } from '../../../lib/day-text';
import { recordAudit } from '../../audit';
import { notifyStaff, recordActivity } from '../../notifications';
import { applyPlan } from '../core/account-writes';
import { billingIdentity } from '../core/billing-identity';
import {
  customerById,
  defaultPaymentMethod,
  lockSubscription,
  paymentByKey,
  planById,
} from '../core/lookups';
import { ensureProviderCustomer } from '../core/provider-customer';
import type { CustomerRow, SubscriptionRow } from '../core/rows';
import { reportFailedPayment } from '../core/failed-payments';
import { recordPayment } from '../invoices/payment-records';
import { recordPaidInvoice } from '../invoices/record-paid-invoice';
import { assertUpgrade, quotedChargeCents, targetPlan, type TargetPlan } from './plan-rules';
import { type CustomerContext, inTransaction } from '../../../http/request-context';

/** How long an upgrade holds the subscription while its card is charged. */
const CLAIM_MS = 2 * 60_000;

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
  ctx: CustomerContext,
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
  ctx: CustomerContext,
  target: TargetPlan,
  now: Date,
  expectedAmount: number | undefined,
): Promise<{ sub: SubscriptionRow; amount: number }> {
  return inTransaction(ctx, async ({ db: tx }) => {
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
  ctx: CustomerContext,
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
  ctx: CustomerContext,
  { sub, target, customer, amount, now, idempotencyKey }: Upgrade,
  declined: { ref: string | null; message: string; paymentMethodId: string },
): Promise<void> {
  await inTransaction(ctx, async ({ db: tx }) => {
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
  ctx: CustomerContext,
  { sub, target, customer, amount, now, idempotencyKey }: Upgrade,
  charge: { ref: string; paymentMethodId: string } | null,
): Promise<string | null> {
  return inTransaction(ctx, async ({ db: tx }) => {
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
