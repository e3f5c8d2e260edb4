import { sql } from 'drizzle-orm';
import type { FinancialAnalytics } from '../../../../shared/contracts/staff-payments';
import type { Db, Executor } from '../../../db/client';
import { snapshotCache } from '../../../db/snapshot-cache';
import { paymentDayTotals } from '../../../db/schema';
import { isCollected } from '../invoices/payment-records';

export type PaymentTotals = {
  completed: number;
  failed: number;
  grossCents: number;
  refundedCents: number;
};

/**
 * Every payment figure of the Overview and the dashboard: completed (succeeded, and refunded since)
 * and failed counts, money taken and money refunded. Read from `payment_day_totals` (migration 0012),
 * which a trigger on `payments` keeps in each payment's and refund's own transaction, so this sums a
 * few rows per day of history instead of every payment.
 */
export async function paymentTotals(db: Executor): Promise<PaymentTotals> {
  const t = paymentDayTotals;
  const paid = isCollected(t.status);
  const [row] = await db
    .select({
      completed: sql<number>`coalesce(sum(${t.payments}) filter (where ${paid}), 0)::float8`.mapWith(Number),
      failed:
        sql<number>`coalesce(sum(${t.payments}) filter (where ${t.status} = 'failed'), 0)::float8`.mapWith(
          Number,
        ),
      grossCents: sql<number>`coalesce(sum(${t.amountCents}) filter (where ${paid}), 0)::float8`.mapWith(
        Number,
      ),
      refundedCents: sql<number>`coalesce(sum(${t.refundedCents}) filter (where ${paid}), 0)::float8`.mapWith(
        Number,
      ),
    })
    .from(t);
  return row!;
}

/** Net revenue in dollars: money taken less money refunded. */
export const netRevenue = (t: PaymentTotals) => (t.grossCents - t.refundedCents) / 100;

export function toFinancialAnalytics(t: PaymentTotals): FinancialAnalytics {
  const attempted = t.completed + t.failed;
  return {
    totalRevenue: netRevenue(t),
    paymentSuccessRate: attempted === 0 ? null : Math.round((t.completed / attempted) * 1000) / 10,
    averageTransactionValue: t.completed === 0 ? null : Math.round(t.grossCents / t.completed) / 100,
    completedPayments: t.completed,
    failedPayments: t.failed,
    refundedAmount: t.refundedCents / 100,
  };
}

/** The Overview's figures, read again only after something was written. */
export function financialAnalyticsSource(db: Db) {
  const kept = snapshotCache<FinancialAnalytics>(db, 1);
  return () => kept('totals', async () => toFinancialAnalytics(await paymentTotals(db)));
}
