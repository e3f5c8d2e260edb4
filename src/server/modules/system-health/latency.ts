import { HEALTH_LIMITS, WARNING_SHARE, type WindowStats } from '../../../shared/contracts/system-health';

/**
 * Bounds (ms) of the fixed latency buckets every instance counts requests into: bucket i holds
 * [bound i-1, bound i), the last everything from 10 s on. The p95 thresholds (700 ms warning, 1000 ms
 * error: `HEALTH_LIMITS.p95LatencyMs`) are bounds, so every bucket lies wholly on one side of each line
 * and the p95 read from a bucket always has that bucket's status (a test holds the thresholds to this).
 * Rows written with another layout (another bucket count) still count requests but no latency.
 */
export const LATENCY_BOUNDS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 700, 1000, 2000, 5000, 10_000] as const;
export const BUCKETS = LATENCY_BOUNDS_MS.length + 1;

/** The p95 lines the bounds must hold (warning, error). */
export const P95_LINES_MS = [HEALTH_LIMITS.p95LatencyMs * WARNING_SHARE, HEALTH_LIMITS.p95LatencyMs];

export const emptyBuckets = (): number[] => new Array<number>(BUCKETS).fill(0);

export function bucketOf(ms: number): number {
  for (let i = 0; i < LATENCY_BOUNDS_MS.length; i += 1) if (ms < LATENCY_BOUNDS_MS[i]!) return i;
  return LATENCY_BOUNDS_MS.length;
}

export function addBuckets(into: number[], from: readonly number[]) {
  if (from.length !== BUCKETS) return into; // another layout: its counts would land in the wrong buckets
  for (let i = 0; i < BUCKETS; i += 1) into[i] = (into[i] ?? 0) + (Number(from[i]) || 0);
  return into;
}

/**
 * The percentile, interpolated within the bucket that holds it: the requests of a bucket are taken as
 * spread evenly over it, and the k-th of n answers the middle of its share, lower + width × (k - ½) / n
 * (rounded down to 0.1 ms), so it stays inside the bucket. The slowest bucket answers its lower bound.
 */
export function percentileOf(buckets: readonly number[], share: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * share);
  let seen = 0;
  for (let i = 0; i < BUCKETS; i += 1) {
    const n = buckets[i] ?? 0;
    if (seen + n >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]!;
      const upper = LATENCY_BOUNDS_MS[i];
      if (upper === undefined) return lower;
      return Math.floor((lower + ((upper - lower) * (rank - seen - 0.5)) / n) * 10) / 10;
    }
    seen += n;
  }
  return null;
}

export type Tally = { requests: number; errors: number; buckets: number[] };
export const emptyTally = (): Tally => ({ requests: 0, errors: 0, buckets: emptyBuckets() });

export function addTally(
  into: Tally,
  from: { requests: number; errors: number; buckets: readonly number[] },
) {
  into.requests += from.requests;
  into.errors += from.errors;
  addBuckets(into.buckets, from.buckets);
  return into;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The minutes a window reaching back to `from` has covered by `now`: "last 5 minutes" starts at the
 * current minute's start less 4, so it covers 4 to 5 minutes, and its rate divides by that. At least
 * a tenth of a minute, so a window just begun does not divide by (almost) nothing.
 */
export const minutesCovered = (from: number, now: number): number => Math.max(0.1, (now - from) / 60_000);

export function windowStatsOf(tally: Tally, minutes: number): WindowStats {
  return {
    requests: tally.requests,
    ratePerMinute: round1(tally.requests / minutes),
    errors: tally.errors,
    errorRatePercent: tally.requests ? round1((tally.errors / tally.requests) * 100) : 0,
    p95Ms: percentileOf(tally.buckets, 0.95),
  };
}
