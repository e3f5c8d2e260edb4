import type { RevenueAnalytics, RevenuePeriod, StripeMetrics } from '../../../shared/contracts/revenue';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import { keptUntilWritten, type CountedTable } from '../../db/table-writes';
import { computeRevenue, dollars, KEEP_MS, totals } from './analytics';
import { readSubscriptionsNow } from './ledger';

/** Every table revenue analytics reads (ledger.ts): a kept answer stands until one of them is written. */
export const REVENUE_TABLES: readonly CountedTable[] = [
  'subscriptions',
  'plans',
  'mrr_events',
  'mrr_cohort_months',
  'payment_day_totals',
  'refunds',
];
/** What the payments overview's MRR figures read (`readSubscriptionsNow`). */
export const METRICS_TABLES: readonly CountedTable[] = ['subscriptions', 'plans'];

/** One snapshot for all of a request's statements: a payment landing between two of them cannot unbalance the figures. */
const snapshotRead = <T>(db: Db, work: (tx: Executor) => Promise<T>) =>
  db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });

/**
 * Revenue analytics and the MRR figures, each answer kept until a table it reads is written
 * (db/table-writes.ts), on any instance: commits elsewhere, such as System Health's report every few
 * seconds, no longer redo a read of every subscription and a year of the ledger. A period's answer
 * also moves with the clock, so it is kept less than KEEP_MS; a kept request costs one statement.
 */
export function revenueSource(db: Db, clock: Clock) {
  type Kept = { at: number; answer: RevenueAnalytics };
  const periods = keptUntilWritten<Kept>(db, REVENUE_TABLES, 8);
  // What subscriptions say now does not depend on the clock: kept while they are unchanged.
  const metrics = keptUntilWritten<StripeMetrics>(db, METRICS_TABLES, 1);

  return {
    async revenue(period: RevenuePeriod): Promise<RevenueAnalytics> {
      const now = clock.now();
      const read = async () => ({
        at: now.getTime(),
        answer: await snapshotRead(db, (tx) => computeRevenue(tx, period, now)),
      });
      const recent = (kept: Kept) => Math.abs(now.getTime() - kept.at) < KEEP_MS;
      return (await periods(period, read, recent)).answer;
    },
    metrics: (): Promise<StripeMetrics> =>
      metrics('metrics', async () => {
        const t = totals((await readSubscriptionsNow(db)).plans);
        return {
          mrr: dollars(t.mrrCents),
          arr: dollars(t.mrrCents * 12),
          activeSubscriptions: t.active,
          trialingSubscriptions: t.trialing,
          potentialMrr: dollars(t.potentialCents),
        };
      }),
  };
}
