import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { subscriptions } from '../../../db/schema';
import type { ChargeResult } from '../../../integrations/payments/provider';
import { shortDate } from '../../../lib/day-text';
import type { AuditActor } from '../../audit';
import { setCustomerStatus } from '../core/account-writes';
import type { BillingDeps } from '../core/deps';
import type { SubscriptionRow } from '../core/rows';
import { reportFailedPayment } from '../core/failed-payments';
import { createInvoice } from '../invoices/invoices';
import { retryAt } from '../core/periods';
import { recordPayment } from '../invoices/payment-records';
import { auditRenewal, periodInvoiceLine, type RecordedRenewal, type Renewal } from './renewal';
import type { RenewalOutcome } from './process-due-subscription';

type Declined = Extract<ChargeResult, { status: 'failed' }>;

/**
 * A renewal declined: the period's invoice stays (or is issued) open, with the failed payment. A
 * staff retry leaves the schedule as it was (`staffRetryDeclined`); the job moves to the next retry
 * date, or to pending after the last one (`scheduleRetry`).
 */
export async function recordDeclinedRenewal(
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
  await auditRenewal(tx, actor, sub.id, {
    action: 'retry',
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
  await auditRenewal(tx, actor, sub.id, {
    action: 'renew',
    newValues: { invoice: invoiceNumber, amount: amountCents / 100, attempt, reason },
    success: false,
  });
  return next ? 'failed' : 'pending';
}
