import { sql } from 'drizzle-orm';
import type { FinancialAnalytics } from '../../../shared/contracts/staff-payments';
import type { Db, Executor } from '../../db/client';
import { snapshotCache } from '../../db/snapshot-cache';
import { payments } from '../../db/schema';
import { PAID } from './list';

export type PaymentTotals = {
  completed: number;
  failed: number;
  grossCents: number;
  refundedCents: number;
};

/**
 * Every payment figure of the Overview and the dashboard in one pass over the payments: completed
 * (succeeded, and refunded since) and failed counts, money taken and money refunded. Callers keep
 * it with the database snapshot (it reads every payment).
 */
export async function paymentTotals(db: Executor): Promise<PaymentTotals> {
  const [row] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${PAID})`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${payments.status} = 'failed')`.mapWith(Number),
      grossCents:
        sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${PAID}), 0)::float8`.mapWith(Number),
      refundedCents:
        sql<number>`coalesce(sum(${payments.refundedCents}) filter (where ${PAID}), 0)::float8`.mapWith(
          Number,
        ),
    })
    .from(payments);
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
