import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { invoices, payments, subscriptions } from '../../../db/schema';
import type { ChargeResult } from '../../../integrations/payments/provider';
import { usd } from '../../../lib/money-text';
import type { AuditActor } from '../../audit';
import { recordActivity } from '../../notifications';
import { applyPlan, setPaidPeriod } from '../core/account-writes';
import type { BillingDeps } from '../core/deps';
import { isPeriodInvoice, type InvoiceRow } from '../invoices/invoices';
import { recordPaidInvoice } from '../invoices/record-paid-invoice';
import { auditRenewal, periodInvoiceLine, type RecordedRenewal, type Renewal } from './renewal';
import type { RenewalOutcome } from './process-due-subscription';
import { recordDeclinedRenewal } from './declined-renewal';

/**
 * The charge's outcome, recorded in one transaction under the subscription's row lock, once: the
 * subscription must still be at the period and attempt the charge was for, and no payment may carry
 * the charge's key yet (a second worker or a crashed run's retry stops here). Then the period's
 * invoice and the payment: paid (`renewPaid`), or declined (`recordDeclinedRenewal`).
 */
export async function recordRenewal(
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
    const { already, earlier } = await recordedSoFar(tx, renewal);
    if (already) return 'skipped';
    if (result.status === 'succeeded')
      return renewPaid(tx, deps, actor, { renewal, sub, earlier, ref: result.ref });
    return recordDeclinedRenewal(tx, deps, actor, { renewal, sub, earlier, result });
  });
}

/**
 * What the period has recorded so far, read after the subscription's row lock (so what a worker that
 * held it before committed is seen): whether a payment carries the charge's key already, and the
 * period's invoice an earlier failed attempt left open (otherwise it is issued now, already paid when
 * the charge went through). One statement for both.
 */
async function recordedSoFar(
  tx: Executor,
  { claimed, periodStart, idempotencyKey }: Renewal,
): Promise<{ already: boolean; earlier: InvoiceRow | undefined }> {
  const [row] = await tx
    .select({
      already: sql<boolean>`exists(select 1 from ${payments} where ${payments.idempotencyKey} = ${idempotencyKey})`,
      earlier: invoices,
    })
    .from(sql`(select 1) as period`)
    .leftJoin(invoices, isPeriodInvoice(claimed.id, periodStart));
  return { already: row?.already === true, earlier: row?.earlier ?? undefined };
}

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
  await setPaidPeriod(tx, sub.id, { start: periodStart, end: periodEnd, now }, { priceCents: amountCents });
  await recordActivity(tx, customer, {
    action: 'payment_succeeded',
    description: `${customer.companyName} paid ${usd(amountCents)} for ${description}`,
    metadata: { amount: amountCents / 100, planName: plan?.name ?? sub.planId },
  });
  await auditRenewal(tx, actor, sub.id, {
    action: 'renew',
    newValues: { invoice: invoice.number, amount: amountCents / 100 },
  });
  return 'renewed';
}
