import type { WindowStats } from '../../../shared/contracts/system-health';

/**
 * Upper bounds (ms) of the fixed latency buckets every instance counts requests into; the last bucket
 * holds everything slower. p95 is read as the upper bound of the bucket that holds the 95th percentile
 * (the slowest bucket answers its lower bound), so it is exact to the bucket and sums across instances.
 */
export const LATENCY_BOUNDS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000] as const;
export const BUCKETS = LATENCY_BOUNDS_MS.length + 1;

export const emptyBuckets = (): number[] => new Array<number>(BUCKETS).fill(0);

export function bucketOf(ms: number): number {
  for (let i = 0; i < LATENCY_BOUNDS_MS.length; i += 1) if (ms <= LATENCY_BOUNDS_MS[i]!) return i;
  return LATENCY_BOUNDS_MS.length;
}

export function addBuckets(into: number[], from: readonly number[]) {
  for (let i = 0; i < BUCKETS; i += 1) into[i] = (into[i] ?? 0) + (Number(from[i]) || 0);
  return into;
}

export function percentileOf(buckets: readonly number[], share: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * share);
  let seen = 0;
  for (let i = 0; i < BUCKETS; i += 1) {
    seen += buckets[i] ?? 0;
    if (seen >= rank) return LATENCY_BOUNDS_MS[i] ?? LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
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

export function windowStatsOf(tally: Tally, minutes: number): WindowStats {
  return {
    requests: tally.requests,
    ratePerMinute: round1(tally.requests / minutes),
    errors: tally.errors,
    errorRatePercent: tally.requests ? round1((tally.errors / tally.requests) * 100) : 0,
    p95Ms: percentileOf(tally.buckets, 0.95),
  };
}
