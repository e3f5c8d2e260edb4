import { and, eq, like, sql } from 'drizzle-orm';
import { customerSettings, customers, paymentMethods, payments, plans, subscriptions } from '../../db/schema';
import { usd } from '../../lib/money-text';
import { shortDate } from '../../lib/day-text';
import { recordAudit, type AuditActor } from '../audit/service';
import { recordActivity } from '../notifications/service';
import {
  applyPlan,
  ensureProviderCustomer,
  setCustomerStatus,
  type BillingDeps,
  type CustomerRow,
  type SubscriptionRow,
} from './context';
import { reportFailedPayment } from './failed-payments';
import { createInvoice, findPeriodInvoice, markInvoicePaid } from './invoices';
import { nextPeriodEnd, retryAt } from './periods';
import { recordPayment } from './payment-records';

/** The billing job, acting on one account: its audit rows name the account (and refresh its health). */
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
 * after the last one, or at a trial's end without a card, the customer becomes pending.
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
  { staffRetry = false }: { staffRetry?: boolean } = {},
): Promise<RenewalOutcome> {
  const now = deps.clock.now();
  if (!staffRetry && (!claimed.nextActionAt || claimed.nextActionAt > now)) {
    return release(deps, claimed, 'skipped');
  }
  if (claimed.cancelAtPeriodEnd && claimed.currentPeriodEnd <= now) {
    return staffRetry ? release(deps, claimed, 'skipped') : endSubscription(deps, claimed);
  }
  if (!['trialing', 'active', 'past_due'].includes(claimed.status)) return release(deps, claimed, 'skipped');

  const { customer, card, plan, billingAddress } = await renewalContext(deps, claimed);
  if (!card && claimed.status === 'trialing') return trialEndsWithoutCard(deps, claimed, customer);

  const periodStart = claimed.currentPeriodEnd;
  const periodEnd = nextPeriodEnd(periodStart);
  const amountCents = plan?.priceCents ?? claimed.priceCents;
  const attempt = claimed.failedAttempts + 1;
  const description = `${plan?.name ?? claimed.planId} plan, ${shortDate(periodStart)} - ${shortDate(periodEnd)}`;
  // One key per period and attempt: a crashed or repeated run gets the same single charge back. A staff
  // retry counts its own attempts (the declined ones recorded so far), so a retry whose outcome a crash
  // lost is asked again under the same key.
  const idempotencyKey = staffRetry
    ? `renewal:${claimed.id}:${periodStart.toISOString()}:staff:${(await staffRetriesOf(deps, claimed.id, periodStart)) + 1}`
    : `renewal:${claimed.id}:${periodStart.toISOString()}:${attempt}`;

  const result = card
    ? await deps.provider.charge({
        customerRef: await ensureProviderCustomer(deps, customer),
        paymentMethodRef: card.providerRef,
        amountCents,
        description,
        idempotencyKey,
        metadata: { customerId: customer.id, subscriptionId: claimed.id },
      })
    : ({
        status: 'failed',
        ref: null,
        message: 'No payment method on file.',
        code: 'no_payment_method',
      } as const);

  return deps.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, claimed.id)).for('update');
    // Someone else recorded this period or attempt already (or the subscription changed): stop.
    if (
      !sub ||
      sub.currentPeriodEnd.getTime() !== periodStart.getTime() ||
      sub.failedAttempts !== claimed.failedAttempts
    ) {
      return 'skipped';
    }
    const [already] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.idempotencyKey, idempotencyKey));
    if (already) return 'skipped';
    const identity = {
      billingName: customer.companyName,
      billingEmail: customer.billingEmail ?? customer.email,
      billingAddress,
    };
    // An earlier failed attempt left the period's invoice open; otherwise it is issued now, already
    // paid when the charge went through.
    const earlier = await findPeriodInvoice(tx, sub.id, periodStart);
    const invoice =
      earlier ??
      (await createInvoice(tx, {
        customerId: customer.id,
        subscriptionId: sub.id,
        kind: 'subscription',
        status: result.status === 'succeeded' ? 'paid' : 'open',
        lines: [
          {
            description,
            amountCents,
            periodStart: periodStart.toISOString(),
            periodEnd: periodEnd.toISOString(),
          },
        ],
        periodStart,
        periodEnd,
        issuedAt: now,
        ...identity,
      }));
    await recordPayment(
      tx,
      {
        customerId: customer.id,
        subscriptionId: sub.id,
        invoiceId: invoice.id,
        amountCents,
        status: result.status,
        description,
        provider: deps.provider.name,
        providerRef: result.ref,
        paymentMethodId: card?.id ?? null,
        failureMessage: result.status === 'failed' ? result.message : null,
        idempotencyKey,
        createdAt: now,
        planId: plan?.id ?? sub.planId,
      },
      { mail: deps.mail },
    );

    if (result.status === 'succeeded') {
      if (earlier) await markInvoicePaid(tx, invoice.id, now);
      if (plan && plan.id !== sub.planId) {
        await applyPlan(tx, customer.id, plan, now);
        await recordActivity(tx, customer, {
          action: 'plan_changed',
          description: `${customer.companyName} moved to ${plan.name} as scheduled`,
          metadata: { planName: plan.name },
        });
      }
      await tx
        .update(subscriptions)
        .set({
          status: 'active',
          priceCents: amountCents,
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
          scheduledPlanId: null,
          failedAttempts: 0,
          nextActionAt: periodEnd,
          claimedUntil: null,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, sub.id));
      await setCustomerStatus(tx, customer.id, 'active', now);
      await recordActivity(tx, customer, {
        action: 'payment_succeeded',
        description: `${customer.companyName} paid ${usd(amountCents)} for ${description}`,
        metadata: { amount: amountCents / 100, planName: plan?.name ?? sub.planId },
      });
      await recordAudit(tx, actor, {
        action: 'renew',
        resourceType: 'subscription',
        resourceId: sub.id,
        newValues: { invoice: invoice.number, amount: amountCents / 100 },
      });
      return 'renewed';
    }

    if (staffRetry) {
      await tx.update(subscriptions).set({ claimedUntil: null }).where(eq(subscriptions.id, sub.id));
      await reportFailedPayment(tx, customer, {
        what: 'payment retried by staff',
        amountCents,
        reason: result.message,
        then: sub.nextActionAt ? `, next automatic retry on ${shortDate(sub.nextActionAt)}` : '',
        notification: { staffRetry: true },
        activity: { staffRetry: true },
      });
      await recordAudit(tx, actor, {
        action: 'retry',
        resourceType: 'subscription',
        resourceId: sub.id,
        newValues: { invoice: invoice.number, amount: amountCents / 100, reason: result.message },
        success: false,
      });
      return 'failed';
    }
    const next = retryAt(periodStart, attempt);
    await tx
      .update(subscriptions)
      .set({
        status: next ? 'past_due' : 'pending',
        failedAttempts: attempt,
        nextActionAt: next,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    if (!next) await setCustomerStatus(tx, customer.id, 'pending', now);
    await reportFailedPayment(tx, customer, {
      what: 'payment',
      amountCents,
      reason: result.message,
      then: next ? `, retry on ${shortDate(next)}` : ', account needs action',
      notification: { attempt, nextRetryAt: next?.toISOString() ?? null },
      activity: { attempt },
    });
    await recordAudit(tx, actor, {
      action: 'renew',
      resourceType: 'subscription',
      resourceId: sub.id,
      newValues: { invoice: invoice.number, amount: amountCents / 100, attempt, reason: result.message },
      success: false,
    });
    return next ? 'failed' : 'pending';
  });
}

/** How many staff retries of this period were declined and recorded. */
async function staffRetriesOf(deps: BillingDeps, subscriptionId: string, periodStart: Date): Promise<number> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(like(payments.idempotencyKey, `renewal:${subscriptionId}:${periodStart.toISOString()}:staff:%`));
  return row?.n ?? 0;
}

/** Customer, default card, the plan of the coming period and the billing address, in one query. */
async function renewalContext(deps: BillingDeps, sub: SubscriptionRow) {
  const [row] = await deps.db
    .select({
      customer: customers,
      card: paymentMethods,
      plan: plans,
      billingAddress: customerSettings.billingAddress,
    })
    .from(customers)
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.customerId, customers.id), eq(paymentMethods.isDefault, true)),
    )
    .leftJoin(plans, eq(plans.id, sub.scheduledPlanId ?? sub.planId))
    .leftJoin(customerSettings, eq(customerSettings.customerId, customers.id))
    .where(eq(customers.id, sub.customerId));
  if (!row) throw new Error(`subscription ${sub.id} has no customer`);
  return row;
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
    await recordAudit(tx, billingJob(sub.customerId), {
      action: 'cancel',
      resourceType: 'subscription',
      resourceId: sub.id,
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
    await recordAudit(tx, billingJob(sub.customerId), {
      action: 'trial_end',
      resourceType: 'subscription',
      resourceId: sub.id,
      oldValues: { status: 'trialing' },
      newValues: { status: 'pending' },
    });
  });
  return 'pending';
}
