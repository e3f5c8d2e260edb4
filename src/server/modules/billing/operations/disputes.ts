import { count, desc, eq, sql } from 'drizzle-orm';
import { pageOffset, toPage } from '../../../../shared/contracts/common';
import type { DisputeListQuery, DisputePage } from '../../../../shared/contracts/payment-operations';
import type { Db } from '../../../db/client';
import { customers, disputes, payments } from '../../../db/schema';
import { recordAudit, type AuditActor } from '../../audit';
import { notifyStaff } from '../../notifications';

/** The parts of a Stripe `dispute` object we keep (https://docs.stripe.com/api/disputes/object). */
export type StripeDisputeObject = {
  id: string;
  amount: number;
  charge: string | { id: string } | null;
  reason?: string | null;
  status: string;
  evidence_details?: { due_by?: number | null } | null;
};

export const DISPUTE_EVENTS = [
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const;
export const isDisputeEvent = (type: string): type is (typeof DISPUTE_EVENTS)[number] =>
  (DISPUTE_EVENTS as readonly string[]).includes(type);

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/**
 * One `charge.dispute.*` event: the dispute's row is created or brought to the event's state
 * (keyed by Stripe's dispute id, so created, updated and closed make one row whatever the order or
 * how often each arrives), linked to our payment by its charge id, audited; staff are told when a
 * dispute opens. An event older than the row's state changes nothing (events can arrive out of
 * order), which also makes a redelivery harmless.
 */
export async function recordDisputeEvent(
  db: Db,
  actor: AuditActor,
  event: { type: string; created: number; object: StripeDisputeObject },
): Promise<void> {
  const d = event.object;
  const chargeId = typeof d.charge === 'string' ? d.charge : (d.charge?.id ?? null);
  const reportedAt = new Date(event.created * 1000);
  await db.transaction(async (tx) => {
    const [payment] = chargeId
      ? await tx
          .select({ id: payments.id, customerId: payments.customerId, email: customers.email })
          .from(payments)
          .leftJoin(customers, eq(customers.id, payments.customerId))
          .where(eq(payments.providerRef, chargeId))
          .limit(1)
      : [];
    const [before] = await tx.select().from(disputes).where(eq(disputes.providerRef, d.id)).for('update');
    if (before && before.updatedAt > reportedAt) return;
    const values = {
      providerRef: d.id,
      paymentId: payment?.id ?? null,
      customerId: payment?.customerId ?? null,
      amountCents: d.amount,
      reason: d.reason ?? 'general',
      status: d.status,
      evidenceDueBy: fromUnix(d.evidence_details?.due_by),
      updatedAt: reportedAt,
    };
    const [row] = await tx
      .insert(disputes)
      .values({ ...values, createdAt: reportedAt })
      .onConflictDoUpdate({
        target: disputes.providerRef,
        set: { ...values, paymentId: sql`coalesce(excluded.payment_id, ${disputes.paymentId})` },
        setWhere: sql`${disputes.updatedAt} <= excluded.updated_at`,
      })
      .returning({ id: disputes.id, inserted: sql<boolean>`xmax = 0` });
    if (!row) return;
    await recordAudit(
      tx,
      { ...actor, accountId: payment?.customerId ?? null },
      {
        action: row.inserted ? 'create' : 'update',
        resourceType: 'dispute',
        resourceId: row.id,
        oldValues: before ? { status: before.status, amountCents: before.amountCents } : undefined,
        newValues: {
          event: event.type,
          providerRef: d.id,
          status: d.status,
          amountCents: d.amount,
          chargeId,
        },
      },
    );
    // `xmax = 0`: this statement inserted the row, so of two first deliveries racing only one tells staff.
    if (row.inserted && payment?.customerId && payment.email) {
      await notifyStaff(tx, { id: payment.customerId, email: payment.email }, 'payment_disputed', {
        disputeId: row.id,
        amount: d.amount / 100,
        reason: values.reason,
      });
    }
  });
}

/** `GET /api/admin/disputes`: newest first, paged. */
export async function listDisputes(
  db: Db,
  query: DisputeListQuery,
  provider: 'sandbox' | 'stripe',
): Promise<DisputePage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: disputes, companyName: customers.companyName })
      .from(disputes)
      .leftJoin(customers, eq(customers.id, disputes.customerId))
      .orderBy(desc(disputes.createdAt), desc(disputes.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(disputes),
  ]);
  const items = rows.map(({ d, companyName }) => ({
    id: d.id,
    providerRef: d.providerRef,
    paymentId: d.paymentId,
    customerId: d.customerId,
    companyName,
    amount: d.amountCents / 100,
    reason: d.reason,
    status: d.status,
    evidenceDueBy: d.evidenceDueBy?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  }));
  return { ...toPage(query, items, total?.n ?? 0), provider };
}
