import { and, eq, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerSettings, customers, paymentMethods, payments, plans, subscriptions } from '../../db/schema';
import type { ChargeResult } from '../../integrations/payments/provider';
import { usd } from '../../lib/money-text';
import { shortDate } from '../../lib/day-text';
import { recordAudit, type AuditActor } from '../audit/service';
import { recordActivity } from '../notifications/service';
import {
  applyPlan,
  ensureProviderCustomer,
  identityOf,
  setCustomerStatus,
  type BillingDeps,
  type BillingIdentity,
  type CustomerRow,
  type PaymentMethodRow,
  type PlanRow,
  type SubscriptionRow,
} from './context';
import { reportFailedPayment } from './failed-payments';
import { createInvoice, findPeriodInvoice, periodDescription, type InvoiceRow } from './invoices';
import { nextPeriodEnd, retryAt } from './periods';
import { recordPayment } from './payment-records';
import { recordPaidInvoice } from './record-paid-invoice';

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

  const renewal = await renewalOf(
    deps,
    claimed,
    { customer, card, plan, billingAddress },
    { staffRetry, now },
  );
  const result = await chargeRenewal(deps, renewal);
  return recordRenewal(deps, actor, renewal, result);
}

/** One renewal attempt as its steps see it: the period it pays for, the amount, the charge's key. */
type Renewal = {
  claimed: SubscriptionRow;
  customer: CustomerRow;
  card: PaymentMethodRow | null;
  plan: PlanRow | null;
  billedTo: BillingIdentity;
  staffRetry: boolean;
  now: Date;
  periodStart: Date;
  periodEnd: Date;
  amountCents: number;
  attempt: number;
  description: string;
  idempotencyKey: string;
};

/** The next period of a claimed subscription, its price (the scheduled plan's first) and its key. */
async function renewalOf(
  deps: BillingDeps,
  claimed: SubscriptionRow,
  { customer, card, plan, billingAddress }: Awaited<ReturnType<typeof renewalContext>>,
  { staffRetry, now }: { staffRetry: boolean; now: Date },
): Promise<Renewal> {
  const periodStart = claimed.currentPeriodEnd;
  const periodEnd = nextPeriodEnd(periodStart);
  const attempt = claimed.failedAttempts + 1;
  // One key per period and attempt: a crashed or repeated run gets the same single charge back. A staff
  // retry counts its own attempts (the declined ones recorded so far), so a retry whose outcome a crash
  // lost is asked again under the same key.
  const idempotencyKey = staffRetry
    ? `renewal:${claimed.id}:${periodStart.toISOString()}:staff:${(await staffRetriesOf(deps, claimed.id, periodStart)) + 1}`
    : `renewal:${claimed.id}:${periodStart.toISOString()}:${attempt}`;
  return {
    claimed,
    customer,
    card,
    plan,
    billedTo: identityOf(customer, billingAddress),
    staffRetry,
    now,
    periodStart,
    periodEnd,
    amountCents: plan?.priceCents ?? claimed.priceCents,
    attempt,
    description: periodDescription(plan?.name ?? claimed.planId, periodStart, periodEnd),
    idempotencyKey,
  };
}

/** The period's charge on the default card, outside any transaction; without a card, a failure. */
async function chargeRenewal(deps: BillingDeps, renewal: Renewal): Promise<ChargeResult> {
  const { customer, card, claimed } = renewal;
  if (!card)
    return { status: 'failed', ref: null, message: 'No payment method on file.', code: 'no_payment_method' };
  return deps.provider.charge({
    customerRef: await ensureProviderCustomer(deps, customer),
    paymentMethodRef: card.providerRef,
    amountCents: renewal.amountCents,
    description: renewal.description,
    idempotencyKey: renewal.idempotencyKey,
    metadata: { customerId: customer.id, subscriptionId: claimed.id },
  });
}

/**
 * The charge's outcome, recorded in one transaction under the subscription's row lock, once: the
 * subscription must still be at the period and attempt the charge was for, and no payment may carry
 * the charge's key yet (a second worker or a crashed run's retry stops here). Then the period's
 * invoice and the payment: paid (`renewPaid`), or declined (`recordDeclinedRenewal`).
 */
async function recordRenewal(
  deps: BillingDeps,
  actor: AuditActor,
  renewal: Renewal,
  result: ChargeResult,
): Promise<RenewalOutcome> {
  const { claimed, periodStart } = renewal;
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
      .where(eq(payments.idempotencyKey, renewal.idempotencyKey));
    if (already) return 'skipped';
    // An earlier failed attempt left the period's invoice open; otherwise it is issued now, already
    // paid when the charge went through.
    const earlier = await findPeriodInvoice(tx, sub.id, periodStart);
    if (result.status === 'succeeded')
      return renewPaid(tx, deps, actor, { renewal, sub, earlier, ref: result.ref });
    return recordDeclinedRenewal(tx, deps, actor, { renewal, sub, earlier, result });
  });
}

/** The period's invoice as the renewal issues it: one line for the period, at the period's price. */
function periodInvoiceLine(renewal: Renewal) {
  return {
    description: renewal.description,
    periodStart: renewal.periodStart.toISOString(),
    periodEnd: renewal.periodEnd.toISOString(),
  };
}

type RecordedRenewal = { renewal: Renewal; sub: SubscriptionRow; earlier: InvoiceRow | undefined };

/**
 * A renewal paid: the period's invoice paid with its payment (`recordPaidInvoice`), the scheduled plan
 * applied, and the subscription and account active for the new period.
 */
async function renewPaid(
  tx: Executor,
  deps: BillingDeps,
  actor: AuditActor,
  { renewal, sub, earlier, ref }: RecordedRenewal & { ref: string },
): Promise<RenewalOutcome> {
  const { customer, plan, now, periodStart, periodEnd, amountCents, description } = renewal;
  const { invoice } = await recordPaidInvoice(
    tx,
    {
      customerId: customer.id,
      amountCents,
      paidAt: now,
      invoice: earlier
        ? { settle: earlier }
        : {
            issue: {
              kind: 'subscription',
              subscriptionId: sub.id,
              line: periodInvoiceLine(renewal),
              periodStart,
              periodEnd,
              billedTo: renewal.billedTo,
            },
          },
      payment: {
        subscriptionId: sub.id,
        description,
        provider: deps.provider.name,
        providerRef: ref,
        paymentMethodId: renewal.card?.id ?? null,
        idempotencyKey: renewal.idempotencyKey,
        planId: plan?.id ?? sub.planId,
      },
    },
    { mail: deps.mail },
  );
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

type Declined = Extract<ChargeResult, { status: 'failed' }>;

/**
 * A renewal declined: the period's invoice stays (or is issued) open, with the failed payment. A
 * staff retry leaves the schedule as it was (`staffRetryDeclined`); the job moves to the next retry
 * date, or to pending after the last one (`scheduleRetry`).
 */
async function recordDeclinedRenewal(
  tx: Executor,
  deps: BillingDeps,
  actor: AuditActor,
  { renewal, sub, earlier, result }: RecordedRenewal & { result: Declined },
): Promise<RenewalOutcome> {
  const { customer, now, periodStart, periodEnd, amountCents } = renewal;
  const { description, ...period } = periodInvoiceLine(renewal);
  const invoice =
    earlier ??
    (await createInvoice(tx, {
      customerId: customer.id,
      subscriptionId: sub.id,
      kind: 'subscription',
      status: 'open',
      lines: [{ description, amountCents, ...period }],
      periodStart,
      periodEnd,
      issuedAt: now,
      ...renewal.billedTo,
    }));
  await recordPayment(
    tx,
    {
      customerId: customer.id,
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      amountCents,
      status: 'failed',
      description,
      provider: deps.provider.name,
      providerRef: result.ref,
      paymentMethodId: renewal.card?.id ?? null,
      failureMessage: result.message,
      idempotencyKey: renewal.idempotencyKey,
      createdAt: now,
      planId: renewal.plan?.id ?? sub.planId,
    },
    { mail: deps.mail },
  );
  const declined = { renewal, sub, invoiceNumber: invoice.number, reason: result.message };
  return renewal.staffRetry ? staffRetryDeclined(tx, actor, declined) : scheduleRetry(tx, actor, declined);
}

type DeclinedRenewal = { renewal: Renewal; sub: SubscriptionRow; invoiceNumber: string; reason: string };

/** A staff retry declined: the claim is released and the schedule kept, so every automatic retry is left. */
async function staffRetryDeclined(
  tx: Executor,
  actor: AuditActor,
  { renewal, sub, invoiceNumber, reason }: DeclinedRenewal,
): Promise<RenewalOutcome> {
  const { amountCents } = renewal;
  await tx.update(subscriptions).set({ claimedUntil: null }).where(eq(subscriptions.id, sub.id));
  await reportFailedPayment(tx, renewal.customer, {
    what: 'payment retried by staff',
    amountCents,
    reason,
    then: sub.nextActionAt ? `, next automatic retry on ${shortDate(sub.nextActionAt)}` : '',
    notification: { staffRetry: true },
    activity: { staffRetry: true },
  });
  await recordAudit(tx, actor, {
    action: 'retry',
    resourceType: 'subscription',
    resourceId: sub.id,
    newValues: { invoice: invoiceNumber, amount: amountCents / 100, reason },
    success: false,
  });
  return 'failed';
}

/**
 * The job's renewal declined: past due until the next retry (day 3, day 7 after the due date), then
 * pending, the account with it.
 */
async function scheduleRetry(
  tx: Executor,
  actor: AuditActor,
  { renewal, sub, invoiceNumber, reason }: DeclinedRenewal,
): Promise<RenewalOutcome> {
  const { customer, now, periodStart, amountCents, attempt } = renewal;
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
    reason,
    then: next ? `, retry on ${shortDate(next)}` : ', account needs action',
    notification: { attempt, nextRetryAt: next?.toISOString() ?? null },
    activity: { attempt },
  });
  await recordAudit(tx, actor, {
    action: 'renew',
    resourceType: 'subscription',
    resourceId: sub.id,
    newValues: { invoice: invoiceNumber, amount: amountCents / 100, attempt, reason },
    success: false,
  });
  return next ? 'failed' : 'pending';
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
