import { sql } from 'drizzle-orm';
import { isoDay } from '../../../shared/days';
import { PAYING_SUBSCRIPTION_STATUSES } from '../../../shared/statuses';
import type { Executor } from '../../db/client';
import { literalList } from '../../lib/sql-values';

/** Subscriptions that pay now: active, or past due while their renewal is retried. Trials do not. */
export const PAYING = sql`status in ${literalList(PAYING_SUBSCRIPTION_STATUSES)}`;

export const daysBefore = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));

/**
 * Today's monthly recurring revenue, kept for month-over-month growth: written by the daily job
 * and when the dashboard computes its stats; the day's last write stands.
 */
export async function upsertRevenueSnapshot(
  exec: Executor,
  day: string,
  figures?: { mrrCents: number; activeSubscriptions: number },
): Promise<void> {
  const source = figures
    ? sql`select ${figures.mrrCents}::bigint, ${figures.activeSubscriptions}::int`
    : sql`select coalesce(sum(mrr_cents), 0)::bigint, count(*)::int from subscriptions where ${PAYING}`;
  await exec.execute(sql`
    insert into revenue_snapshots (day, mrr_cents, active_subscriptions, updated_at)
    select ${day}::date, s.* , now() from (${source}) s
    on conflict (day) do update
      set mrr_cents = excluded.mrr_cents,
          active_subscriptions = excluded.active_subscriptions,
          updated_at = excluded.updated_at`);
}

/**
 * Writes today's snapshot at most once per day per instance: the first call of each day writes,
 * the rest of the day's calls cost nothing.
 */
export function dailySnapshot() {
  let writtenFor: string | null = null;
  return {
    due: (day: string) => writtenFor !== day,
    async write(exec: Executor, day: string, figures?: { mrrCents: number; activeSubscriptions: number }) {
      if (writtenFor === day) return;
      await upsertRevenueSnapshot(exec, day, figures);
      writtenFor = day;
    },
  };
}
