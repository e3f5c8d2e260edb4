import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  OPEN_AGE_BUCKETS,
  TICKET_CATEGORIES,
  type SupportAnalytics,
} from '../../../shared/contracts/support';
import { OPEN_TICKET_STATUSES, TICKET_STATUSES } from '../../../shared/statuses';
import type { Db, Executor } from '../../db/client';
import { supportOpenTicketHours, supportTicketTotals, supportTickets } from '../../db/schema';
import { literalList } from '../../lib/sql-values';
import { medianHours } from './ticket-medians';

// Support analytics across accounts (docs/support.md "Analytics"), from the figures a trigger keeps in
// each ticket's transaction (migration 0025; "Analytics at scale"): a few hundred rows, never every ticket.

const hours = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

const HOUR_MS = 3_600_000;

/** The mean in hours of the tickets summed in `seconds` and counted in `count` (null with none). */
const averageHours = (seconds: AnyPgColumn, count: AnyPgColumn) =>
  sql<string | null>`sum(${seconds}) / nullif(sum(${count}), 0) / 3600`;

/**
 * Tickets by category and status, and (the row of the empty grouping set) the counts and sums behind the
 * averages, from the kept totals in one statement.
 */
async function totalsOf(db: Executor) {
  const k = supportTicketTotals;
  const rows = await db
    .select({
      category: k.category,
      status: k.status,
      whole: sql<number>`grouping(${k.category}, ${k.status})`.mapWith(Number),
      tickets: sql<number>`coalesce(sum(${k.tickets}), 0)::float8`.mapWith(Number),
      responded: sql<number>`coalesce(sum(${k.responded}), 0)::float8`.mapWith(Number),
      responseAverage: averageHours(k.responseSeconds, k.responded),
      resolved: sql<number>`coalesce(sum(${k.resolved}), 0)::float8`.mapWith(Number),
      resolutionAverage: averageHours(k.resolutionSeconds, k.resolved),
    })
    .from(k)
    .groupBy(sql`grouping sets ((${k.category}, ${k.status}), ())`);
  const none = { responded: 0, responseAverage: null, resolved: 0, resolutionAverage: null };
  return { groups: rows.filter((r) => r.whole === 0), sums: rows.find((r) => r.whole !== 0) ?? none };
}

/**
 * How many open tickets were opened after `since`: the kept hours after since's hour, plus the part of
 * that hour after it, counted from the tickets through their created_at index (an hour's tickets).
 */
function openSince(since: Date) {
  const hour = Math.floor(since.getTime() / HOUR_MS);
  const hourEnd = new Date((hour + 1) * HOUR_MS).toISOString();
  const h = supportOpenTicketHours;
  const t = supportTickets;
  const keptHours = sql`(select coalesce(sum(${h.tickets}), 0) from ${h} where ${h.hour} > ${hour})`;
  const partOfHour = sql`(select count(*) from ${t} where ${t.status} in ${literalList(OPEN_TICKET_STATUSES)}
    and ${t.createdAt} > ${since.toISOString()}::timestamptz and ${t.createdAt} < ${hourEnd}::timestamptz)`;
  return sql<number>`(${keptHours} + ${partOfHour})::float8`.mapWith(Number);
}

/** Open tickets by age at `now` (under 1 day, 1-3, 3-7, over 7), from the ones opened in the last week. */
async function openByAgeOf(db: Executor, now: Date, open: number) {
  const ago = (days: number) => new Date(now.getTime() - days * 24 * HOUR_MS);
  const [row] = await db
    .select({ day1: openSince(ago(1)), day3: openSince(ago(3)), day7: openSince(ago(7)) })
    .from(sql`(select 1) as one`);
  const { day1, day3, day7 } = row!;
  return [day1, day3 - day1, day7 - day3, open - day7];
}

/**
 * Volume by category and status, first-response and resolution times (median and average, in hours,
 * over the tickets that have one), and open tickets (open or in progress) by age at `now`. Read in one
 * snapshot, so a ticket written meanwhile is in every figure or in none.
 */
export async function supportAnalytics(db: Db, now: Date): Promise<SupportAnalytics> {
  return db.transaction(
    async (tx) => {
      const { groups, sums } = await totalsOf(tx);
      const sum = (pick: (g: (typeof groups)[number]) => boolean) =>
        groups.filter(pick).reduce((n, g) => n + g.tickets, 0);
      const open = sum((g) => (OPEN_TICKET_STATUSES as readonly string[]).includes(g.status));
      const ages = await openByAgeOf(tx, now, open);
      return {
        totalTickets: sum(() => true),
        openTickets: open,
        byCategory: TICKET_CATEGORIES.map((category) => ({
          category,
          count: sum((g) => g.category === category),
        })),
        byStatus: TICKET_STATUSES.map((status) => ({ status, count: sum((g) => g.status === status) })),
        firstResponse: {
          count: sums.responded,
          medianHours: hours(await medianHours(tx, 'first_response', sums.responded)),
          averageHours: hours(sums.responseAverage),
        },
        resolution: {
          count: sums.resolved,
          medianHours: hours(await medianHours(tx, 'resolution', sums.resolved)),
          averageHours: hours(sums.resolutionAverage),
        },
        openByAge: OPEN_AGE_BUCKETS.map((b, i) => ({ bucket: b.id, label: b.label, count: ages[i]! })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
