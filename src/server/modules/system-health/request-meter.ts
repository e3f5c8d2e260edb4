import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requestMetrics } from '../../db/schema';
import { bucketOf, emptyTally, type Tally } from './latency';

const MINUTE = 60_000;

/**
 * The route group a request counts under: the first path segment after `/api` (`portal`, `fleet`,
 * `auth`), and for staff routes the second as well (`admin/payments`). Read from the route's pattern,
 * never the path, so ids do not make new groups; a path no route matched is `unmatched`.
 */
export function routeGroupOf(pattern: string | undefined, path: string): string | null {
  if (!pattern) return path.startsWith('/api/') || path === '/api' ? 'unmatched' : null;
  const segments = pattern.split('/');
  if (segments[1] !== 'api') return null;
  const first = segments[2];
  if (!first || first.startsWith(':') || first === '*') return 'unmatched';
  const second = segments[3];
  if (first === 'admin' && second && !second.startsWith(':') && second !== '*') return `admin/${second}`;
  return first;
}

type Entry = Tally & { minute: number; group: string; dirty: boolean };

/**
 * Counts this instance's API requests in memory, per minute and route group (requests, 5xx answers,
 * a latency histogram), and writes the minutes that changed to `request_metrics` at each report: one
 * upsert for all of them, whatever the traffic. The rows are this instance's own, so a report
 * overwrites them (no contention between instances). Minutes older than the current one are dropped
 * from memory once written.
 */
export class RequestMeter {
  private entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  record(group: string, statusCode: number, ms: number) {
    const minute = Math.floor(this.now() / MINUTE) * MINUTE;
    const key = `${minute}|${group}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { ...emptyTally(), minute, group, dirty: true };
      this.entries.set(key, entry);
    }
    entry.requests += 1;
    if (statusCode >= 500) entry.errors += 1;
    entry.buckets[bucketOf(ms)]! += 1;
    entry.dirty = true;
  }

  /** What this instance counted since `since` (its own figures before they are written). */
  tallySince(since: number): Map<string, Tally> {
    const out = new Map<string, Tally>();
    for (const e of this.entries.values()) {
      if (e.minute < since) continue;
      const t = out.get(e.group) ?? emptyTally();
      t.requests += e.requests;
      t.errors += e.errors;
      e.buckets.forEach((n, i) => (t.buckets[i]! += n));
      out.set(e.group, t);
    }
    return out;
  }

  async flush(db: Db, instanceId: string) {
    const dirty = [...this.entries.values()].filter((e) => e.dirty);
    const current = Math.floor(this.now() / MINUTE) * MINUTE;
    if (dirty.length > 0) {
      dirty.forEach((e) => (e.dirty = false));
      try {
        await db
          .insert(requestMetrics)
          .values(
            dirty.map((e) => ({
              instanceId,
              minute: new Date(e.minute),
              routeGroup: e.group,
              requests: e.requests,
              errors: e.errors,
              latencyBuckets: [...e.buckets],
            })),
          )
          .onConflictDoUpdate({
            target: [requestMetrics.instanceId, requestMetrics.minute, requestMetrics.routeGroup],
            set: {
              requests: sql`excluded.requests`,
              errors: sql`excluded.errors`,
              latencyBuckets: sql`excluded.latency_buckets`,
            },
          });
      } catch (error) {
        dirty.forEach((e) => (e.dirty = true)); // written at the next report
        throw error;
      }
    }
    // Keep the last 5 minutes in memory (the alert check reads them); older ones are written.
    for (const [key, e] of this.entries)
      if (!e.dirty && e.minute < current - 5 * MINUTE) this.entries.delete(key);
  }
}
