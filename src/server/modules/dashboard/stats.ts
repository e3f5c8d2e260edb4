import { sql } from 'drizzle-orm';
import { PERIOD_DAYS } from '../../../shared/contracts/revenue';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import { isoDay } from '../../../shared/days';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { GROWTH_PERIOD, KEEP_MS, mrrGrowthRate, mrrWindow, totals } from '../revenue';
import { readSubscriptionsNow } from '../revenue';
import { netRevenue, paymentTotals } from '../billing';
import { dailySnapshot } from './revenue-snapshots';

/** Growth is revenue analytics' MRR growth over this many days (docs/figures.md). */
export const GROWTH_WINDOW_DAYS = PERIOD_DAYS[GROWTH_PERIOD];

type Figures = {
  /** The database's snapshot when the figures were read: equal later only if nothing was written since. */
  fingerprint: string;
  /** The clock when they were read: growth is over the 30 days before it. */
  at: number;
  totalCustomers: number;
  activeSubscriptions: number;
  mrrCents: number;
  growthRate: number | null;
  comparedWith: string | null;
  /** Completed payments net of refunds, dollars (docs/staff-payments.md). */
  totalRevenue: number;
  failedPayments: number;
};

type Row = Record<string, unknown>;

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Every figure of the four tiles and the payment totals, in a few statements so that requests waiting
 * for the embedded database get their turn between them. The snapshot is read first: whatever commits
 * after it is either in the figures or moves the snapshot, so figures kept with it are never older
 * than it. MRR and active subscriptions come from the one MRR source (`readSubscriptionsNow`), growth
 * from the MRR ledger exactly as revenue analytics computes it for 30 days (docs/figures.md).
 */
export async function readFigures(db: Db, now: Date): Promise<Figures> {
  const [customers] = rowsOf(
    await db.execute(sql`
      select pg_current_snapshot()::text as "fingerprint", count(*)::int as "totalCustomers" from customers`),
  );
  const subscriptionsNow = totals((await readSubscriptionsNow(db)).plans);
  const window = await mrrWindow(db, subscriptionsNow.mrrCents, now, GROWTH_WINDOW_DAYS);
  const growthRate = mrrGrowthRate(window.startCents, window.endCents);
  const totals_ = await paymentTotals(db);
  return {
    fingerprint: String(customers!.fingerprint),
    at: now.getTime(),
    totalCustomers: Number(customers!.totalCustomers),
    activeSubscriptions: subscriptionsNow.active,
    mrrCents: subscriptionsNow.mrrCents,
    growthRate,
    comparedWith: growthRate === null ? null : isoDay(window.start),
    totalRevenue: netRevenue(totals_),
    failedPayments: totals_.failed,
  };
}

export function toDashboardStats(figures: Figures): DashboardStats {
  return {
    totalCustomers: figures.totalCustomers,
    activeSubscriptions: figures.activeSubscriptions,
    monthlyRevenue: figures.mrrCents / 100,
    growthRate: figures.growthRate,
    comparedWith: figures.comparedWith,
    totalRevenue: figures.totalRevenue,
    failedPayments: figures.failedPayments,
  };
}

/**
 * The dashboard's stats for one app instance. Counting 100,000 customers and subscriptions on every
 * request would hold the embedded database for tens of milliseconds, so the figures are kept with
 * the database snapshot they were read in (`pg_current_snapshot()`): a later request reads only the
 * snapshot, and the figures are reused while no transaction has committed since (and for at most a
 * minute, as revenue analytics keeps its answers): a change shows at once. Requests that arrive while the figures are being read share that one read.
 */
export function dashboardStatsSource(db: Db, clock: Clock) {
  const snapshots = dailySnapshot();
  let kept: { day: string; figures: Figures } | null = null;
  let reading: Promise<Figures> | null = null;

  const read = (day: string) => {
    reading ??= (async () => {
      try {
        const figures = await readFigures(db, clock.now());
        if (snapshots.due(day)) {
          await snapshots.write(db, day, {
            mrrCents: figures.mrrCents,
            activeSubscriptions: figures.activeSubscriptions,
          });
        }
        kept = { day, figures };
        return figures;
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  return async function dashboardStats(): Promise<DashboardStats> {
    const now = clock.now();
    const day = isoDay(now);
    // Kept while nothing was written and the growth window moved less than revenue analytics' keep.
    if (kept?.day === day && !reading && Math.abs(now.getTime() - kept.figures.at) < KEEP_MS) {
      const [row] = rowsOf(await db.execute(sql`select pg_current_snapshot()::text as "fingerprint"`));
      if (String(row!.fingerprint) === kept.figures.fingerprint) return toDashboardStats(kept.figures);
    }
    return toDashboardStats(await read(day));
  };
}
