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
    const promise = recordingApart(read).then((fresh) => {
      kept.delete(key);
      kept.set(key, { snapshot, ...fresh });
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      return fresh;
    });
    reading.set(flight, promise);
    try {
      return (await promise).value;
    } finally {
      reading.delete(flight);
    }
  };
}
