/** A label that could go under the axis: the centre of its category and the width of its text. */
export type TickCandidate = { at: number; width: number };
/** A label kept: its category's index and the x of its text's centre, moved inside the chart if needed. */
export type PlacedTick = { index: number; x: number };

/**
 * The labels an axis shows when all of them would not fit: kept from the last one back (the latest point
 * is the one read first), each at least `gap` pixels clear of the one after it. A label that would run
 * past either edge of [left, right] is moved inside it, so the first and last labels are never cut.
 */
export function spacedTicks(
  candidates: readonly TickCandidate[],
  [left, right]: [number, number],
  gap: number,
): PlacedTick[] {
  const kept: PlacedTick[] = [];
  let limit = Infinity;
  for (let index = candidates.length - 1; index >= 0; index--) {
    const { at, width } = candidates[index]!;
    const half = width / 2;
    const x = Math.max(left + half, Math.min(right - half, at));
    if (x + half + gap > limit && kept.length > 0) continue;
    kept.push({ index, x });
    limit = x - half;
  }
  return kept.reverse();
}
