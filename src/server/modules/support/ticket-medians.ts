import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { supportTicketDurationBuckets as buckets, supportTickets as t } from '../../db/schema';

// The exact median of a ticket time (docs/support.md "Analytics at scale") without sorting every ticket.
// The kept counts (support_ticket_duration_buckets) narrow down where the middle ticket is: its day, then
// its hour in that day, then its minute in that hour, each by a running sum over a few hundred rows at
// most. The measure's expression index (schema/support.ts) then reads the middle one or two values.

/** Each measured time, in seconds from the ticket's creation: the expressions the indexes are built on. */
const MEASURES = {
  first_response: {
    stamp: t.firstResponseAt,
    seconds: sql`extract(epoch from (${t.firstResponseAt} - ${t.createdAt}))`,
  },
  resolution: {
    stamp: t.resolvedAt,
    seconds: sql`extract(epoch from (${t.resolvedAt} - ${t.createdAt}))`,
  },
} as const;

export type TicketMeasure = keyof typeof MEASURES;

type Level = { name: string; width: number };
/** The widths the trigger counts at (migration 0025), widest first: days, hours, minutes. */
const LEVELS: readonly Level[] = [
  { name: 'in_day', width: 86_400 },
  { name: 'in_hour', width: 3_600 },
  { name: 'in_minute', width: 60 },
];

/**
 * A CTE naming the bucket of `level` that holds the ticket at 1-based `position`, and how many tickets
 * come before that bucket: a running sum over the level's buckets inside the parent level's bucket.
 */
function levelCte(measure: TicketMeasure, position: number, level: Level, parent?: Level): SQL {
  const b = buckets;
  const inParent = parent
    ? sql`and ${b.bucket} >= p.bucket * ${parent.width / level.width}
          and ${b.bucket} < (p.bucket + 1) * ${parent.width / level.width}`
    : sql``;
  const before = parent ? sql`p.before + ` : sql``;
  return sql`${sql.identifier(level.name)} as (
    select r.bucket, ${before}r.running - r.tickets as before
      from ${parent ? sql`${sql.identifier(parent.name)} p cross join lateral` : sql``} (
        select ${b.bucket} as bucket, ${b.tickets} as tickets,
               sum(${b.tickets}) over (order by ${b.bucket}) as running
          from ${b}
         where ${b.measure} = ${measure} and ${b.width} = ${level.width} ${inParent}) r
     where ${before}r.running >= ${position}
     order by r.bucket limit 1)`;
}

/**
 * The median of the measure in hours over the `count` tickets that have it, as
 * `percentile_cont(0.5) within group (order by seconds / 3600)` over all of them would give it (the
 * middle value, or the mean of the two middle values), or null when no ticket has one. One statement;
 * `count` must come from the same snapshot as the kept counts (support_ticket_totals, one transaction).
 */
export async function medianHours(
  db: Executor,
  measure: TicketMeasure,
  count: number,
): Promise<number | null> {
  if (count === 0) return null;
  // The lower middle (1-based); the one after it is the upper middle when the count is even.
  const lower = Math.floor((count - 1) / 2) + 1;
  const ctes = LEVELS.map((level, i) => levelCte(measure, lower, level, LEVELS[i - 1]));
  const last = LEVELS.at(-1)!;
  const minute = sql.identifier(last.name);
  const { stamp, seconds } = MEASURES[measure];
  // percentile_cont over the middle one or two values: the same arithmetic as over every value.
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)}
    select percentile_cont(0.5) within group (order by m.hours) as median
      from (select ${seconds} / 3600 as hours from ${t}
             where ${stamp} is not null and ${seconds} >= (select bucket * ${last.width} from ${minute})
             order by ${seconds}
            offset (select ${lower} - before - 1 from ${minute}) limit ${count % 2 === 1 ? 1 : 2}) m`);
  const [row] = (result as unknown as { rows: { median: number | string | null }[] }).rows;
  return row?.median === null || row?.median === undefined ? null : Number(row.median);
}
