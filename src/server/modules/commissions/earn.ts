import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, salesCommissionRates, salesCommissions, staffUsers } from '../../db/schema';
import { staffNameOf } from '../team';

/**
 * Commissions are earned, never typed in (docs/commissions.md). Both functions run in the
 * transaction that records the money, and each event is recorded once (`source_key` is unique):
 * a payment replayed by a webhook or a second worker adds nothing.
 */

/** The rate as an integer number of hundred-thousandths (numeric(6,5)), so amounts are exact. */
const rateUnits = (rate: number) => Math.round(rate * 100_000);
/** Half away from zero, the same for a payment and its refund. */
export const commissionCentsOf = (baseCents: number, rate: number) =>
  Math.sign(baseCents) * Math.round((Math.abs(baseCents) * rateUnits(rate)) / 100_000);

const staffName = staffNameOf(staffUsers);

/**
 * A succeeded payment of a customer with an assigned sales user earns the amount paid times that
 * user's active rate for the plan paid for (the customer's plan when the payment names none). No
 * assigned user, or no rate for that plan: nothing is earned.
 */
export async function earnCommission(
  tx: Executor,
  payment: {
    id: string;
    customerId: string | null;
    amountCents: number;
    planId: string | null;
    status: string;
  },
): Promise<void> {
  if (payment.status !== 'succeeded' || !payment.customerId || payment.amountCents <= 0) return;
  const planId = sql<string>`coalesce(${payment.planId}::text, ${customers.planId})`;
  // The rate and the name as subqueries of the one account row: planning a three-table join took most
  // of this statement's time on every renewal, and most accounts have no sales user at all.
  const [found] = await tx
    .select({
      salesUserId: customers.salesUserId,
      companyName: customers.companyName,
      planId,
      rate: sql<number | null>`(${tx
        .select({ rate: salesCommissionRates.commissionRate })
        .from(salesCommissionRates)
        .where(
          and(
            eq(salesCommissionRates.salesUserId, customers.salesUserId),
            eq(salesCommissionRates.planId, planId),
            eq(salesCommissionRates.isActive, true),
          ),
        )})`.mapWith(salesCommissionRates.commissionRate),
      salesUserName: sql<string | null>`(${tx
        .select({ name: staffName })
        .from(staffUsers)
        .where(eq(staffUsers.id, customers.salesUserId))})`,
    })
    .from(customers)
    .where(and(eq(customers.id, payment.customerId), isNotNull(customers.salesUserId)));
  if (!found?.salesUserId || found.rate === null || found.salesUserName === null) return;
  await tx
    .insert(salesCommissions)
    .values({
      salesUserId: found.salesUserId,
      salesUserName: found.salesUserName,
      customerId: payment.customerId,
      companyName: found.companyName,
      paymentId: payment.id,
      planId: found.planId,
      sourceKey: `payment:${payment.id}`,
      commissionType: 'payment',
      baseCents: payment.amountCents,
      commissionRate: found.rate,
      commissionCents: commissionCentsOf(payment.amountCents, found.rate),
    })
    .onConflictDoNothing();
}

/**
 * A refund takes back the commission on the refunded part, at the rate the payment earned: a
 * negative adjustment, pending, so it nets against the next payout even when the commission was
 * already paid. `refundKey` names the refund (its idempotency key), so a retried refund adds nothing.
 */
export async function adjustCommissionForRefund(
  tx: Executor,
  refund: { paymentId: string; refundKey: string; refundedCents: number },
): Promise<void> {
  if (refund.refundedCents <= 0) return;
  const [earned] = await tx
    .select()
    .from(salesCommissions)
    .where(
      and(eq(salesCommissions.paymentId, refund.paymentId), eq(salesCommissions.commissionType, 'payment')),
    );
  if (!earned) return;
  await tx
    .insert(salesCommissions)
    .values({
      salesUserId: earned.salesUserId,
      salesUserName: earned.salesUserName,
      customerId: earned.customerId,
      companyName: earned.companyName,
      paymentId: refund.paymentId,
      planId: earned.planId,
      sourceKey: `refund:${refund.refundKey}`,
      commissionType: 'refund_adjustment',
      baseCents: -refund.refundedCents,
      commissionRate: earned.commissionRate,
      commissionCents: commissionCentsOf(-refund.refundedCents, earned.commissionRate),
    })
    .onConflictDoNothing();
}
