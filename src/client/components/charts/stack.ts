/** One bar's segment: from `low` to `high` in the values' own units. */
export type Segment = { low: number; high: number };

/**
 * Stacks the series of each category apart by sign, as money in and money out: positive values pile up
 * from zero in the series' order, negative values pile down from zero in the same order, so a refund
 * never hides a payment. `segments[s][c]` is series `s` in category `c`; a zero value is an empty segment.
 */
export function stackBySign(series: readonly (readonly number[])[], categories: number): Segment[][] {
  const above = new Array<number>(categories).fill(0);
  const below = new Array<number>(categories).fill(0);
  return series.map((values) =>
    Array.from({ length: categories }, (_, c) => {
      const value = values[c] ?? 0;
      const ends = value >= 0 ? above : below;
      const low = ends[c]!;
      ends[c] = low + value;
      return value >= 0 ? { low, high: low + value } : { low: low + value, high: low };
    }),
  );
}

/** The lowest and highest ends of a stack: the values its axis must reach. */
export const stackExtent = (segments: readonly Segment[][]): number[] =>
  segments.flatMap((row) => row.flatMap((s) => [s.low, s.high]));
