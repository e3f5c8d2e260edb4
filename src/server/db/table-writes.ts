import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { noteTouched, recordingApart, type TouchedDomains } from './data-domains';
import { keepBounded, sharedRead } from './snapshot-cache';

/**
 * Figures kept until one of the tables they read is written (docs/server-kit.md, "Kept until written").
 *
 * `db/snapshot-cache.ts` keeps a figure while the database's snapshot stands, which any commit ends:
 * System Health commits every few seconds, so a costly figure was read again every few seconds though
 * nothing it reads had changed. Here each counted table has a sequence that every statement writing it
 * moves (migration 0029: a statement trigger, firing even for trigger-made writes and cascades). A
 * figure is kept with the counts of its tables and reused while they stand.
 *
 * Never stale, on any instance: the counts live in the database, and a sequence moves at the write,
 * before the commit. A writer whose count was already in the kept counts may still have been
 * uncommitted while the figure was read, so the figure is also kept with every transaction running
 * just after the counts were read (pg_locks: the snapshot's own list leaves out transactions newer than
 * the latest commit), and dropped once any of them has ended.
 */

/** The tables migrations 0029 and 0035 count the writes of (`<table>_writes`); a kept figure reads only these. */
export const COUNTED_TABLES = [
  'subscriptions',
  'plans',
  'mrr_events',
  'mrr_cohort_months',
  'payment_day_totals',
  'refunds',
  'customers',
  'crm_integrations',
] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

type Snapshot = { xmin: bigint; xmax: bigint; xip: Set<bigint> };

/** `pg_current_snapshot()` as text: `xmin:xmax:xip,xip,...` (full 64-bit transaction ids). */
export function parseSnapshot(text: string): Snapshot {
  const [xmin, xmax, xip = ''] = text.split(':');
  return {
    xmin: BigInt(xmin!),
    xmax: BigInt(xmax!),
    xip: new Set(xip ? xip.split(',').map((x) => BigInt(x)) : []),
  };
}

/** Not yet ended as `snapshot` sees it: listed as running, or newer than every ended transaction. */
export const runningIn = (snapshot: Snapshot, xid: bigint) => xid >= snapshot.xmax || snapshot.xip.has(xid);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const WRAP = 2n ** 32n;

/**
 * The transactions running now in this database, as full ids (every transaction holds the lock on its
 * own id; a prepared one has no session, and is kept). pg_locks names each by its 32-bit id; every
 * running transaction is at or after the snapshot's xmin, and less than 2^31 past it: the epoch.
 */
async function runningTransactions(db: Db): Promise<bigint[]> {
  const [row] = rowsOf<{ snapshot: string; xids: string | null }>(
    await db.execute(sql`select pg_current_snapshot()::text as "snapshot",
      (select string_agg(distinct l.transactionid::text, ',') from pg_locks l
        left join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'transactionid'
          and (a.datname is null or a.datname = current_database())) as "xids"`),
  );
  if (!row?.xids) return [];
  const { xmin } = parseSnapshot(row.snapshot);
  return row.xids.split(',').map((x) => xmin + ((BigInt(x) - (xmin % WRAP) + WRAP) % WRAP));
}

export type KeptUntilWritten<V> = (
  key: string,
  read: () => Promise<V>,
  /** Whether a kept value may still answer (a figure that also moves with the clock); default yes. */
  usable?: (value: V) => boolean,
) => Promise<V>;

/**
 * Values per key, each read by `read` from `tables` only, kept until one of those tables is written.
 * One statement per request while they stand; requests that miss together share one read.
 */
export function keptUntilWritten<V>(
  db: Db,
  tables: readonly CountedTable[],
  maxEntries = 200,
): KeptUntilWritten<V> {
  // With each value, the data domains its read touched: a request answered from here read them too
  // (the freshness headers, db/data-domains.ts).
  type Read = { value: V; touched: TouchedDomains };
  type Kept = Read & { writes: string; running: bigint[] };
  const kept = new Map<string, Kept>();
  const reading = new Map<string, Promise<Read>>();
  const counts = sql.join(
    tables.map((table) => sql`coalesce(pg_sequence_last_value(${`${table}_writes`}::regclass), 0)`),
    sql`, `,
  );
  const reuse = ({ value, touched }: Read) => {
    noteTouched(touched);
    return value;
  };

  return async function cached(key, read, usable = () => true) {
    // The snapshot is taken as the statement starts, the counts read after it.
    const [stamp] = rowsOf<{ snapshot: string; writes: string }>(
      await db.execute(
        sql`select pg_current_snapshot()::text as "snapshot", concat_ws(',', ${counts}) as "writes"`,
      ),
    );
    const { snapshot: snapshotText, writes } = stamp!;
    const snapshot = parseSnapshot(snapshotText);
    const hit = kept.get(key);
    if (hit?.writes === writes && hit.running.every((xid) => runningIn(snapshot, xid)) && usable(hit.value)) {
      return reuse(hit);
    }
    // A request that sees the same snapshot and counts sees exactly the commits the shared read saw.
    const flight = `${snapshotText}\u0000${writes}\u0000${key}`;
    const pending = reading.get(flight);
    if (pending) return reuse(await pending);
    return (
      await sharedRead(reading, flight, async () => {
        // Read after the counts: a writer counted in them is either seen by `read` or running here.
        const running = await runningTransactions(db);
        const fresh = await recordingApart(read);
        keepBounded(kept, key, { writes, running, ...fresh }, maxEntries);
        return fresh;
      })
    ).value;
  };
}
