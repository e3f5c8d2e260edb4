import { sql } from 'drizzle-orm';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { netRevenue, paymentTotals } from '../staff-payments/analytics';
import { dailySnapshot, daysBefore, isoDay, PAYING } from './revenue-snapshots';

/** Growth compares today's revenue with the newest snapshot at least this many days old. */
export const GROWTH_WINDOW_DAYS = 30;

type Figures = {
  /** The database's snapshot when the figures were read: equal later only if nothing was written since. */
  fingerprint: string;
  totalCustomers: number;
  activeSubscriptions: number;
  mrrCents: number;
  comparedWith: string | null;
  comparedMrrCents: number | null;
  /** Completed payments net of refunds, dollars (docs/staff-payments.md). */
  totalRevenue: number;
  failedPayments: number;
};

type Row = Record<string, unknown>;

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Every figure of the four tiles and the payment totals, in three statements so that requests waiting for the embedded
 * database get their turn between them. The snapshot is read first: whatever commits after it is
 * either in the figures or moves the snapshot, so figures kept with it are never older than it.
 */
export async function readFigures(db: Db, cutoff: string): Promise<Figures> {
  const [customers] = rowsOf(
    await db.execute(sql`
      select pg_current_snapshot()::text as "fingerprint", count(*)::int as "totalCustomers" from customers`),
  );
  const [paying] = rowsOf(
    await db.execute(sql`
      select paying.n as "activeSubscriptions", paying.cents as "mrrCents",
        earlier.day::text as "comparedWith", earlier.mrr_cents::float8 as "comparedMrrCents"
      from (select count(*)::int as n, coalesce(sum(mrr_cents), 0)::float8 as cents
            from subscriptions where ${PAYING}) paying
      left join lateral (select day, mrr_cents from revenue_snapshots
                         where day <= ${cutoff}::date order by day desc limit 1) earlier on true`),
  );
  const totals = await paymentTotals(db);
  return {
    fingerprint: String(customers!.fingerprint),
    totalCustomers: Number(customers!.totalCustomers),
    activeSubscriptions: Number(paying!.activeSubscriptions),
    mrrCents: Number(paying!.mrrCents),
    comparedWith: paying!.comparedWith === null ? null : String(paying!.comparedWith),
    comparedMrrCents: paying!.comparedMrrCents === null ? null : Number(paying!.comparedMrrCents),
    totalRevenue: netRevenue(totals),
    failedPayments: totals.failed,
  };
}

export function toDashboardStats(figures: Figures): DashboardStats {
  const { mrrCents, comparedMrrCents } = figures;
  // No percentage of nothing: a month ago with no revenue (or no snapshot) gives no growth rate.
  const comparable = figures.comparedWith !== null && comparedMrrCents !== null && comparedMrrCents > 0;
  return {
    totalCustomers: figures.totalCustomers,
    activeSubscriptions: figures.activeSubscriptions,
    monthlyRevenue: mrrCents / 100,
    growthRate: comparable
      ? Math.round(((mrrCents - comparedMrrCents) / comparedMrrCents) * 1000) / 10
      : null,
    comparedWith: comparable ? figures.comparedWith : null,
    totalRevenue: figures.totalRevenue,
    failedPayments: figures.failedPayments,
  };
}

/**
 * The dashboard's stats for one app instance. Counting 100,000 customers and subscriptions on every
 * request would hold the embedded database for tens of milliseconds, so the figures are kept with
 * the database snapshot they were read in (`pg_current_snapshot()`): a later request reads only the
 * snapshot, and the figures are reused while no transaction has committed since: a change shows
 * at once. Requests that arrive while the figures are being read share that one read.
 */
export function dashboardStatsSource(db: Db, clock: Clock) {
  const snapshots = dailySnapshot();
  let kept: { day: string; figures: Figures } | null = null;
  let reading: Promise<Figures> | null = null;

  const read = (day: string) => {
    reading ??= (async () => {
      try {
        const figures = await readFigures(db, daysBefore(day, GROWTH_WINDOW_DAYS));
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
    const day = isoDay(clock.now());
    if (kept?.day === day && !reading) {
      const [row] = rowsOf(await db.execute(sql`select pg_current_snapshot()::text as "fingerprint"`));
      if (String(row!.fingerprint) === kept.figures.fingerprint) return toDashboardStats(kept.figures);
    }
    return toDashboardStats(await read(day));
  };
}
