import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { noteTouched, recordingApart, type TouchedDomains } from './data-domains';

/** Where the database's commits stand: it changes when any writing transaction starts or ends. */
export async function currentSnapshot(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_current_snapshot()::text as "snapshot"`)) as unknown as {
    rows: { snapshot: string }[];
  };
  return String(result.rows[0]!.snapshot);
}

/**
 * Figures that are costly to read over many rows (a count of 100,000 customers), kept with the
 * database snapshot they were read after and reused while nothing has been written since: never
 * stale, and one cheap statement instead of the read while the data stands still. The snapshot is
 * taken before the read, so a commit during the read only makes the next request read again.
 */
export type SnapshotCache<V> = (key: string, read: () => Promise<V>) => Promise<V>;

export function snapshotCache<V>(db: Db, maxEntries = 200): SnapshotCache<V> {
  // With each value, the data domains its read touched: a request answered from here read them too
  // (the freshness headers, db/data-domains.ts).
  type Kept = { value: V; touched: TouchedDomains };
  const kept = new Map<string, Kept & { snapshot: string }>();
  // Requests that miss together share one read: after any commit (System Health writes every few
  // seconds) a burst of requests would otherwise each redo the costly read at once.
  const reading = new Map<string, Promise<Kept>>();
  const reuse = ({ value, touched }: Kept) => {
    noteTouched(touched);
    return value;
  };
  return async function cached(key: string, read: () => Promise<V>): Promise<V> {
    const snapshot = await currentSnapshot(db);
    const hit = kept.get(key);
    if (hit?.snapshot === snapshot) return reuse(hit);
    const flight = `${snapshot}\u0000${key}`;
    const pending = reading.get(flight);
    if (pending) return reuse(await pending);
    return (
      await sharedRead(reading, flight, async () => {
        const fresh = await recordingApart(read);
        keepBounded(kept, key, { snapshot, ...fresh }, maxEntries);
        return fresh;
      })
    ).value;
  };
}

/**
 * Runs `work` as the one read for `flight`, so requests that miss together wait on it instead of each
 * reading again; answers what it answered (the caller checks `reading` first).
 */
export async function sharedRead<T>(
  reading: Map<string, Promise<T>>,
  flight: string,
  work: () => Promise<T>,
) {
  const promise = work();
  reading.set(flight, promise);
  try {
    return await promise;
  } finally {
    reading.delete(flight);
  }
}

/** Keeps `value` under `key` as the newest entry, dropping the oldest past `max`. */
export function keepBounded<K, V>(kept: Map<K, V>, key: K, value: V, max: number) {
  kept.delete(key);
  kept.set(key, value);
  if (kept.size > max) kept.delete(kept.keys().next().value!);
}
