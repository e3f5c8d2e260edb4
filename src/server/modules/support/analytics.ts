import { sql } from 'drizzle-orm';
import {
  OPEN_AGE_BUCKETS,
  TICKET_CATEGORIES,
  type SupportAnalytics,
} from '../../../shared/contracts/support';
import { OPEN_TICKET_STATUSES, TICKET_STATUSES } from '../../../shared/statuses';
import type { Db } from '../../db/client';
import { supportTickets } from '../../db/schema';
import { literalList } from '../../lib/sql-values';

// Support analytics across accounts (docs/support.md "Analytics"), from the tickets themselves.

const hours = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/**
 * Volume by category and status, first-response and resolution times (median and average, in hours,
 * over the tickets that have one), and open tickets (open or in progress) by age at `now`.
 */
export async function supportAnalytics(db: Db, now: Date): Promise<SupportAnalytics> {
  const at = now.toISOString();
  const t = supportTickets;
  const open = sql`${t.status} in ${literalList(OPEN_TICKET_STATUSES)}`;
  const age = sql`extract(epoch from (${at}::timestamptz - ${t.createdAt})) / 86400`;
  const firstResponse = sql`extract(epoch from (${t.firstResponseAt} - ${t.createdAt})) / 3600`;
  const resolution = sql`extract(epoch from (${t.resolvedAt} - ${t.createdAt})) / 3600`;
  const [figures] = await db
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${open})::int`.mapWith(Number),
      responded: sql<number>`count(${t.firstResponseAt})::int`.mapWith(Number),
      responseMedian: sql<number | null>`percentile_cont(0.5) within group (order by ${firstResponse})`,
      responseAverage: sql<number | null>`avg(${firstResponse})`,
      resolved: sql<number>`count(${t.resolvedAt})::int`.mapWith(Number),
      resolutionMedian: sql<number | null>`percentile_cont(0.5) within group (order by ${resolution})`,
      resolutionAverage: sql<number | null>`avg(${resolution})`,
      under1: sql<number>`count(*) filter (where ${open} and ${age} < 1)::int`.mapWith(Number),
      d1to3: sql<number>`count(*) filter (where ${open} and ${age} >= 1 and ${age} < 3)::int`.mapWith(Number),
      d3to7: sql<number>`count(*) filter (where ${open} and ${age} >= 3 and ${age} < 7)::int`.mapWith(Number),
      over7: sql<number>`count(*) filter (where ${open} and ${age} >= 7)::int`.mapWith(Number),
    })
    .from(t);
  const groups = await db
    .select({ category: t.category, status: t.status, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(t)
    .groupBy(t.category, t.status);
  const sum = (pick: (g: (typeof groups)[number]) => boolean) =>
    groups.filter(pick).reduce((n, g) => n + g.n, 0);
  const f = figures!;
  const ages = [f.under1, f.d1to3, f.d3to7, f.over7];
  return {
    totalTickets: f.total,
    openTickets: f.open,
    byCategory: TICKET_CATEGORIES.map((category) => ({
      category,
      count: sum((g) => g.category === category),
    })),
    byStatus: TICKET_STATUSES.map((status) => ({ status, count: sum((g) => g.status === status) })),
    firstResponse: {
      count: f.responded,
      medianHours: hours(f.responseMedian),
      averageHours: hours(f.responseAverage),
    },
    resolution: {
      count: f.resolved,
      medianHours: hours(f.resolutionMedian),
      averageHours: hours(f.resolutionAverage),
    },
    openByAge: OPEN_AGE_BUCKETS.map((b, i) => ({ bucket: b.id, label: b.label, count: ages[i]! })),
  };
}
