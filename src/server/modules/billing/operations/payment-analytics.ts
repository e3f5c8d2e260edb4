import { sql } from 'drizzle-orm';
import type {
  PaymentAnalytics,
  PaymentAnalyticsQuery,
  PaymentMonth,
} from '../../../../shared/contracts/payment-operations';
import { isoDay } from '../../../../shared/days';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { snapshotCache } from '../../../db/snapshot-cache';
import { paymentDayTotals } from '../../../db/schema';
import { isCollected } from '../invoices/payment-records';

type Row = { month: string; attempted: string; failed: string; collected: string | null };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** Months from the oldest to this one, YYYY-MM in UTC. */
export function monthsBack(now: Date, months: number): string[] {
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

const figures = (attempted: number, failed: number, collectedCents: number, refundedCents: number) => ({
  attempted,
  failed,
  failureRate: rate(failed, attempted),
  collected: collectedCents / 100,
  refunded: refundedCents / 100,
  refundRate: rate(refundedCents, collectedCents),
});

/**
 * Refund rate (refunded ÷ collected) and failure rate (failed ÷ attempted) by month. The payments
 * come from their daily totals (`payment_day_totals`, kept by a trigger: a few hundred rows for a
 * year, however many payments) and the refunds from one pass over the window's refunds; the answer
 * is kept with the database snapshot it was read after (db/snapshot-cache.ts).
 */
export function paymentAnalyticsReader(db: Db, clock: Clock) {
  const cache = snapshotCache<PaymentAnalytics>(db, 50);
  return (query: PaymentAnalyticsQuery) => {
    const months = monthsBack(clock.now(), query.months);
    return cache(months.join(','), () => readAnalytics(db, months));
  };
}

async function readAnalytics(db: Db, months: string[]): Promise<PaymentAnalytics> {
  const from = new Date(`${months[0]}-01T00:00:00Z`);
  // Attempted: charges with an outcome (collected or failed); pending ones have none yet.
  const status = paymentDayTotals.status;
  const [paid, refunded] = await Promise.all([
    db.execute(sql`
      select to_char(day, 'YYYY-MM') as month,
             sum(payments) filter (where ${isCollected(status)} or ${status} = 'failed') as attempted,
             sum(payments) filter (where ${status} = 'failed') as failed,
             sum(amount_cents) filter (where ${isCollected(status)}) as collected
        from payment_day_totals
       where day >= ${isoDay(from)}::date
       group by 1`),
    db.execute(sql`
      select to_char(completed_at at time zone 'UTC', 'YYYY-MM') as month, sum(amount_cents) as refunded
        from refunds
       where status = 'succeeded' and completed_at >= ${from.toISOString()}
       group by 1`),
  ]);
  const byMonth = new Map(rowsOf<Row>(paid).map((r) => [r.month, r]));
  const refundsByMonth = new Map(
    rowsOf<{ month: string; refunded: string }>(refunded).map((r) => [r.month, Number(r.refunded)]),
  );
  const total = { attempted: 0, failed: 0, collected: 0, refunded: 0 };
  const list: PaymentMonth[] = months.map((month) => {
    const r = byMonth.get(month);
    const a = Number(r?.attempted ?? 0);
    const f = Number(r?.failed ?? 0);
    const c = Number(r?.collected ?? 0);
    const rf = refundsByMonth.get(month) ?? 0;
    total.attempted += a;
    total.failed += f;
    total.collected += c;
    total.refunded += rf;
    return { month, ...figures(a, f, c, rf) };
  });
  return {
    months: list,
    totals: figures(total.attempted, total.failed, total.collected, total.refunded),
  };
}
