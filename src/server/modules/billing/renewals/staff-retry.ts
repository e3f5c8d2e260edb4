import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { RetryResult } from '../../../../shared/contracts/staff-payments';
import type { Db } from '../../../db/client';
import { invoices, paymentMethods, payments, subscriptions } from '../../../db/schema';
import { conflict, HttpError, notFound } from '../../../http/errors';
import { recordAudit, type AuditActor } from '../../audit';
import type { BillingDeps } from '../core/deps';
import { issuePaymentLink } from '../checkout/payment-links';
import { processDueSubscription } from './process-due-subscription';
import { queuePaymentLinkEmail } from '../../email-events';
import { staffPaymentById } from '../operations/payment-list';

/** As long as the billing job holds a subscription it is charging (jobs/billing-runner.ts). */
const CLAIM_MS = 5 * 60_000;

export const RETRY_LINK_MESSAGE = 'The customer will receive a new payment link.';

/**
 * Retry of a failed payment (docs/staff-payments.md). A failed renewal whose period invoice is still
 * open is charged now on the default card by the billing engine itself (`processDueSubscription`,
 * the renewal the job would run, with its own idempotency key per attempt), after claiming the
 * subscription the way the job does, so two retries (or a retry and the job) charge once. Without a
 * card, or for a declined checkout, a payment link for the subscription is issued instead.
 */
export async function retryPayment(
  deps: BillingDeps,
  actor: AuditActor,
  paymentId: string,
): Promise<RetryResult> {
  const failed = await retryableFailure(deps.db, paymentId);
  const audit: AuditActor = { ...actor, accountId: failed.customerId };
  if (!failed.chargeablePeriod) return issueLink(deps, audit, paymentId, failed.customerId);
  const claimed = await claimAsTheJob(deps, failed.sub, failed.chargeablePeriod);
  const outcome = await processDueSubscription(deps, claimed, audit, { staffRetry: true });
  const answer = await staffPaymentById(deps.db, paymentId);
  if (outcome === 'renewed') {
    return {
      success: true,
      outcome: 'charged',
      message: 'The card on file was charged and the invoice is paid.',
      sentTo: null,
      delivery: null,
      payment: answer!,
    };
  }
  if (outcome === 'skipped') throw conflict('This payment was settled already.');
  const [latest] = await deps.db
    .select({ failureMessage: payments.failureMessage })
    .from(payments)
    .where(and(eq(payments.subscriptionId, failed.sub.id), eq(payments.status, 'failed')))
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  throw new HttpError(402, `Failed to retry payment: ${latest?.failureMessage ?? 'the card was declined.'}`, {
    errorType: 'retry_declined',
  });
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A failed payment staff may retry, or the refusal that says why not: only a failed renewal whose
 * invoice is still open, or a declined checkout of a subscription still waiting for payment, of a
 * subscription not cancelled. `chargeablePeriod` is the period to charge now on the default card (a
 * past-due renewal of the current period, with a card on file); null means a payment link instead.
 */
async function retryableFailure(
  db: Db,
  paymentId: string,
): Promise<{ customerId: string; sub: SubscriptionRow; chargeablePeriod: Date | null }> {
  const [row] = await db
    .select({
      payment: payments,
      invoiceStatus: invoices.status,
      invoiceKind: invoices.kind,
      invoicePeriodStart: invoices.periodStart,
      subscription: subscriptions,
      cardId: paymentMethods.id,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(subscriptions, eq(subscriptions.customerId, payments.customerId))
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.customerId, payments.customerId), eq(paymentMethods.isDefault, true)),
    )
    .where(eq(payments.id, paymentId));
  if (!row) throw notFound('Payment not found');
  const { payment, subscription: sub } = row;
  if (payment.status !== 'failed') throw conflict('This payment did not fail: there is nothing to retry.');
  if (!payment.customerId || !sub)
    throw conflict("This customer's account no longer exists: nothing to retry.");

  const renewal = row.invoiceKind === 'subscription' && row.invoicePeriodStart !== null;
  const checkout = payment.invoiceId === null && payment.idempotencyKey.startsWith('checkout-failed:');
  if (renewal && row.invoiceStatus !== 'open') {
    throw conflict(`This payment was settled already: its invoice is ${row.invoiceStatus}.`);
  }
  if (!renewal && !checkout) throw conflict('Only a failed renewal or checkout payment can be retried.');
  if (checkout && !['trialing', 'pending', 'past_due'].includes(sub.status)) {
    throw conflict('This payment was settled already: the subscription has been paid since.');
  }

  if (sub.status === 'canceled' || sub.cancelAtPeriodEnd) {
    throw conflict('The customer cancelled this subscription: there is nothing to retry.');
  }
  const periodStart = row.invoicePeriodStart;
  const chargeable =
    renewal &&
    row.cardId !== null &&
    sub.status === 'past_due' &&
    periodStart !== null &&
    sub.currentPeriodEnd.getTime() === periodStart.getTime();
  return { customerId: payment.customerId, sub, chargeablePeriod: chargeable ? periodStart : null };
}

/** The job's claim, taken only if no one holds it: a second retry (or the job) finds it taken. */
async function claimAsTheJob(
  deps: BillingDeps,
  sub: SubscriptionRow,
  periodStart: Date,
): Promise<SubscriptionRow> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(subscriptions)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(subscriptions.id, sub.id),
        eq(subscriptions.status, 'past_due'),
        eq(subscriptions.currentPeriodEnd, periodStart),
        or(isNull(subscriptions.claimedUntil), lt(subscriptions.claimedUntil, now)),
      ),
    )
    .returning();
  if (!claimed) throw conflict('This payment is being retried already. Please wait a moment and reload.');
  return claimed;
}

async function issueLink(
  deps: BillingDeps,
  audit: AuditActor,
  paymentId: string,
  customerId: string,
): Promise<RetryResult> {
  const sentTo = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const issued = await issuePaymentLink(tx, {
      customerId,
      purpose: 'subscription',
      createdByStaffId: audit.actorType === 'staff' ? audit.actorId : null,
      now,
    });
    const [failed] = await tx
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.id, paymentId));
    const email = await queuePaymentLinkEmail(tx, deps.mail, {
      template: 'payment_link',
      customerId,
      amountCents: failed?.amountCents ?? 0,
      url: issued.url,
      expiresAt: issued.expiresAt,
      now,
    });
    await recordAudit(tx, audit, {
      action: 'retry',
      resourceType: 'payment',
      resourceId: paymentId,
      newValues: {
        outcome: 'payment_link',
        linkId: issued.id,
        expiresAt: issued.expiresAt.toISOString(),
        sentTo: email,
      },
    });
    return email;
  });
  const answer = await staffPaymentById(deps.db, paymentId);
  return {
    success: true,
    outcome: 'link',
    // The route delivers the email now and says what became of it.
    message: 'A new payment link was issued.',
    sentTo,
    delivery: null,
    payment: answer!,
  };
}
