import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { RefundInput, StaffPayment } from '../../../../shared/contracts/staff-payments';
import type { Db, Executor } from '../../../db/client';
import { customers, invoices, payments, refunds } from '../../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../../http/errors';
import { PaymentProviderError } from '../../../integrations/payments/provider';
import { usd } from '../../../lib/money-text';
import { recordAudit, type AuditActor } from '../../audit';
import { adjustCommissionForRefund } from '../../commissions';
import { recordActivity } from '../../notifications';
import { staffPaymentById } from '../operations/payment-list';
import type { Services } from '../../../services';

export type StaffPaymentDeps = Pick<Services, 'db' | 'clock' | 'provider'>;

type RefundRow = typeof refunds.$inferSelect;

/**
 * Provider answers that say nothing about whether the refund was made (the network, the provider's
 * own trouble): the refund stays pending and is sent again under the same key, never released.
 */
const UNCERTAIN = new Set([
  'api_connection_error',
  'api_error',
  'rate_limit',
  'idempotency_error',
  'lock_timeout',
]);
const isUncertain = (error: unknown) => !(error instanceof PaymentProviderError) || UNCERTAIN.has(error.code);

const refundFailed = (status: number, reason: string) =>
  new HttpError(status, `Failed to process refund: ${reason}`, { errorType: 'refund_failed' });

/**
 * A staff refund, exactly once (docs/staff-payments.md):
 * 1. one transaction locks the payment, refuses what cannot be refunded, and holds the amount in a
 *    `pending` refund row (its `request_key` is unique: the same dialog submitting twice finds it);
 * 2. the provider is called outside any transaction with the key `refund:<refund id>`;
 * 3. one transaction records the outcome on the refund, the payment, its invoice, the commission,
 *    the audit trail and the activity feed.
 * A refund left pending (a crash, an unreachable provider) is finished by `recoverPendingRefunds`
 * or by the next request for that payment, with the same key, so the provider refunds once.
 */
export async function refundPayment(
  deps: StaffPaymentDeps,
  actor: AuditActor,
  paymentId: string,
  input: RefundInput,
): Promise<StaffPayment> {
  const amountCents = Math.round(input.amount * 100);
  if (amountCents <= 0) {
    throw badRequest('The refund amount must be more than $0.00.', {
      amount: 'The refund amount must be more than $0.00.',
    });
  }
  const requestKey = input.requestKey ?? randomUUID();
  const { refund, stale, repeat } = await holdRefund(deps, actor, paymentId, {
    amountCents,
    requestKey,
    reason: input.reason || null,
  });

  for (const old of stale) await settleRefund(deps, actor, old).catch(() => undefined);
  const settled =
    repeat && refund.status === 'pending' && !orphaned(deps, refund)
      ? await outcomeOf(deps.db, refund)
      : await settleRefund(deps, actor, refund);
  if (settled.status === 'failed')
    throw refundFailed(402, settled.failureMessage ?? 'the provider refused it.');
  if (settled.status === 'pending') {
    throw refundFailed(
      502,
      'the payment provider could not be reached. The refund is held and will be completed automatically.',
    );
  }
  const answer = await staffPaymentById(deps.db, paymentId);
  if (!answer) throw notFound('Payment not found');
  return answer;
}

/**
 * Step 1 of a refund, one transaction under the payment's row lock: the same request key seen again
 * answers its earlier refund (`repeat`); otherwise what cannot be refunded is refused, and the amount
 * is held in a `pending` refund row with the audit row of who asked. `stale` are this payment's
 * refunds a crash left pending, to be sent again with it.
 */
async function holdRefund(
  deps: StaffPaymentDeps,
  actor: AuditActor,
  paymentId: string,
  { amountCents, requestKey, reason }: { amountCents: number; requestKey: string; reason: string | null },
): Promise<{ refund: RefundRow; stale: RefundRow[]; repeat: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw notFound('Payment not found');
    // After the lock: the same key sent twice at once is seen here by the second request.
    const [earlier] = await tx.select().from(refunds).where(eq(refunds.requestKey, requestKey));
    if (earlier) {
      if (earlier.paymentId !== paymentId)
        throw conflict('This refund request was made for another payment.');
      return { refund: earlier, stale: [] as RefundRow[], repeat: true };
    }
    const pending = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending')));
    if (payment.status === 'refunded') {
      throw badRequest('This payment has already been fully refunded.', {
        amount: 'Nothing is left to refund.',
      });
    }
    if (payment.status !== 'succeeded' || !payment.providerRef) {
      throw badRequest('Only a completed payment can be refunded.');
    }
    const held = pending.reduce((sum, r) => sum + r.amountCents, 0);
    const left = payment.amountCents - payment.refundedCents - held;
    if (amountCents > left) {
      const message =
        left <= 0
          ? 'Nothing is left to refund on this payment.'
          : `The refund is more than what is left to refund: at most ${usd(left)}.`;
      throw badRequest(message, { amount: message });
    }
    const [created] = await tx
      .insert(refunds)
      .values({
        paymentId,
        customerId: payment.customerId,
        amountCents,
        reason,
        status: 'pending',
        requestKey,
        createdByStaffId: actor.actorType === 'staff' ? actor.actorId : null,
        createdAt: deps.clock.now(),
      })
      .returning();
    // Who asked, in the hold's own transaction: should the outcome never be recorded, the trail says so.
    await recordAudit(
      tx,
      { ...actor, accountId: payment.customerId },
      {
        action: 'refund_requested',
        resourceType: 'payment',
        resourceId: paymentId,
        newValues: { amount: amountCents / 100, reason, refundId: created!.id },
      },
    );
    // Refunds of this payment a crash left pending are sent again too, so their holds settle.
    return { refund: created!, stale: pending.filter((r) => orphaned(deps, r)), repeat: false };
  });
}

/**
 * Sends a pending refund to the provider (again, with its own key: the provider answers the first
 * refund it made under it) and records the outcome. A refund already settled is returned as it is.
 */
export async function settleRefund(
  deps: StaffPaymentDeps,
  actor: AuditActor,
  refund: RefundRow,
): Promise<RefundRow> {
  if (refund.status !== 'pending') return refund;
  const [payment] = await deps.db
    .select({ providerRef: payments.providerRef })
    .from(payments)
    .where(eq(payments.id, refund.paymentId));
  let outcome: { ref: string } | { failure: string };
  try {
    outcome = await deps.provider.refund({
      chargeRef: payment?.providerRef ?? '',
      amountCents: refund.amountCents,
      idempotencyKey: `refund:${refund.id}`,
    });
  } catch (error) {
    if (isUncertain(error)) return refund;
    outcome = { failure: (error as PaymentProviderError).message };
  }
  return recordRefundOutcome(deps, actor, refund.id, outcome);
}

async function recordRefundOutcome(
  deps: StaffPaymentDeps,
  actor: AuditActor,
  refundId: string,
  outcome: { ref: string } | { failure: string },
): Promise<RefundRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    // Another request or the recovery job recorded it first.
    if (!refund || refund.status !== 'pending') return refund!;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId)).for('update');
    const audit = { ...actor, accountId: payment!.customerId };
    if ('failure' in outcome) {
      const [failed] = await tx
        .update(refunds)
        .set({ status: 'failed', failureMessage: outcome.failure, completedAt: now })
        .where(eq(refunds.id, refund.id))
        .returning();
      await recordAudit(tx, audit, {
        action: 'refund',
        resourceType: 'payment',
        resourceId: refund.paymentId,
        newValues: { amount: refund.amountCents / 100, reason: outcome.failure },
        success: false,
      });
      return failed!;
    }
    const before = payment!;
    const refundedCents = before.refundedCents + refund.amountCents;
    const full = refundedCents >= before.amountCents;
    const [done] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRef: outcome.ref, completedAt: now })
      .where(eq(refunds.id, refund.id))
      .returning();
    await tx
      .update(payments)
      .set({ refundedCents, status: full ? 'refunded' : before.status })
      .where(eq(payments.id, before.id));
    if (full && before.invoiceId) {
      await tx.update(invoices).set({ status: 'refunded' }).where(eq(invoices.id, before.invoiceId));
    }
    await adjustCommissionForRefund(tx, {
      paymentId: before.id,
      refundKey: refund.id,
      refundedCents: refund.amountCents,
    });
    await recordAudit(tx, audit, {
      action: 'refund',
      resourceType: 'payment',
      resourceId: before.id,
      oldValues: { status: before.status, refunded: before.refundedCents / 100 },
      newValues: {
        status: full ? 'refunded' : before.status,
        refunded: refundedCents / 100,
        amount: refund.amountCents / 100,
        reason: refund.reason,
        refundId: refund.id,
        providerRef: outcome.ref,
      },
    });
    await describeRefund(tx, before.customerId, refund, full);
    return done!;
  });
}

/** The dashboard feed's line, for an account that still exists. */
async function describeRefund(tx: Executor, customerId: string | null, refund: RefundRow, full: boolean) {
  if (!customerId) return;
  const [customer] = await tx
    .select({ id: customers.id, email: customers.email, companyName: customers.companyName })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return;
  await recordActivity(tx, customer, {
    action: 'payment_refunded',
    description: `${customer.companyName}: ${usd(refund.amountCents)} refunded${full ? ' (payment fully refunded)' : ''}`,
    metadata: { amount: refund.amountCents / 100, paymentId: refund.paymentId, reason: refund.reason },
  });
}

/** Refunds left pending this long are taken to be orphaned (the request that made them is gone). */
export const PENDING_REFUND_AGE_MS = 2 * 60_000;
/**
 * Past this age a pending refund is no longer sent again: Stripe keeps idempotency keys for 24 hours,
 * so a resend could refund twice a refund it made but we never heard of. It stays held (the payment
 * cannot be over-refunded) for staff to check at the provider.
 */
export const RESEND_WINDOW_MS = 23 * 3_600_000;

const orphaned = (deps: StaffPaymentDeps, refund: RefundRow) => {
  const age = deps.clock.now().getTime() - refund.createdAt.getTime();
  return age > PENDING_REFUND_AGE_MS && age < RESEND_WINDOW_MS;
};

/**
 * A second submit of a refund the first is still sending: it waits for the first one's outcome
 * (a few seconds at most) and answers the same, instead of calling the provider alongside it.
 */
async function outcomeOf(db: Db, refund: RefundRow, waitMs = 15_000): Promise<RefundRow> {
  const until = Date.now() + waitMs;
  for (;;) {
    const [row] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
    if (!row || row.status !== 'pending' || Date.now() > until) return row ?? refund;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The recovery step (jobs/refund-recovery.ts): finishes refunds a crash or an outage left pending. */
export async function recoverPendingRefunds(
  deps: StaffPaymentDeps,
  limit = 50,
): Promise<{ settled: number; stillPending: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - PENDING_REFUND_AGE_MS);
  const oldest = new Date(deps.clock.now().getTime() - RESEND_WINDOW_MS);
  const rows = await deps.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        sql`${refunds.createdAt} < ${cutoff}`,
        sql`${refunds.createdAt} > ${oldest}`,
      ),
    )
    .orderBy(refunds.createdAt)
    .limit(limit);
  const run = { settled: 0, stillPending: 0 };
  for (const row of rows) {
    const result = await settleRefund(deps, REFUND_RECOVERY, row);
    if (result.status === 'pending') run.stillPending += 1;
    else run.settled += 1;
  }
  return run;
}

const REFUND_RECOVERY: AuditActor = {
  actorType: 'system',
  actorId: null,
  actorEmail: 'refund-recovery',
  ipAddress: null,
  userAgent: 'refund-recovery-job',
};
