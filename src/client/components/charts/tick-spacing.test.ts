import { describe, expect, it } from 'vitest';
import { spacedTicks } from './tick-spacing';

const labelsAt = (positions: number[], width: number) => positions.map((at) => ({ at, width }));

describe('spacedTicks', () => {
  it('keeps every label when they all fit', () => {
    const kept = spacedTicks(labelsAt([50, 150, 250], 60), [0, 300], 24);
    expect(kept.map((t) => t.index)).toEqual([0, 1, 2]);
  });

  it('leaves out labels that would come closer than the gap, keeping the last', () => {
    // 53 weekly points across 326 px with 40 px labels: about every tenth fits.
    const positions = Array.from({ length: 53 }, (_, i) => 64 + (i * 254) / 52);
    const kept = spacedTicks(labelsAt(positions, 40), [0, 326], 24);
    expect(kept.at(-1)!.index).toBe(52);
    for (let i = 1; i < kept.length; i++) {
      expect(kept[i]!.x - kept[i - 1]!.x).toBeGreaterThanOrEqual(40 + 24);
    }
    expect(kept.length).toBeGreaterThan(2);
    expect(kept.length).toBeLessThan(6);
  });

  it('moves an edge label inside the chart instead of cutting it', () => {
    const kept = spacedTicks(labelsAt([10, 295], 60), [0, 300], 24);
    expect(kept).toEqual([
      { index: 0, x: 30 },
      { index: 1, x: 270 },
    ]);
  });
});
