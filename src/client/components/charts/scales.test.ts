import { describe, expect, it } from 'vitest';
import { bandScale, pointScale, valueScale } from './scales';

describe('valueScale', () => {
  it('reaches zero and rounds its ends to ticks, so the top grid line carries a label', () => {
    const y = valueScale([1200, 5680], [200, 0]);
    expect(y.domain).toEqual([0, 6000]);
    expect(y.ticks).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000]);
    expect(y.at(0)).toBe(200);
    expect(y.at(6000)).toBe(0);
    expect(y.at(3000)).toBe(100);
  });

  it('reaches below zero for money out', () => {
    const y = valueScale([-300, 5100], [190, 0]);
    expect(y.domain).toEqual([-1000, 6000]);
    expect(y.ticks[0]).toBe(-1000);
    expect(y.ticks).toContain(0);
    expect(y.at(-1000)).toBe(190);
  });

  it('still draws an axis when every value is zero', () => {
    const y = valueScale([0, 0], [100, 0]);
    expect(y.domain).toEqual([0, 1]);
    expect(y.at(0)).toBe(100);
  });
});

describe('category scales', () => {
  it('gives each bar a band with room around it, and finds the band under the pointer', () => {
    const x = bandScale(4, [0, 400], 0.2);
    expect(x.step).toBe(100);
    expect(x.bandwidth).toBe(80);
    expect([0, 1, 2, 3].map(x.at)).toEqual([50, 150, 250, 350]);
    expect(x.indexAt(199)).toBe(1);
    expect(x.indexAt(200)).toBe(2);
    // A pointer past either end answers the nearest bar, never a missing one.
    expect(x.indexAt(-5)).toBe(0);
    expect(x.indexAt(400)).toBe(3);
  });

  it('puts the first and last points on the edges and answers the nearest point', () => {
    const x = pointScale(5, [100, 500]);
    expect([0, 1, 4].map(x.at)).toEqual([100, 200, 500]);
    expect(x.indexAt(149)).toBe(0);
    expect(x.indexAt(151)).toBe(1);
    expect(x.indexAt(900)).toBe(4);
  });

  it('centres a single point', () => {
    const x = pointScale(1, [0, 300]);
    expect(x.at(0)).toBe(150);
    expect(x.indexAt(10)).toBe(0);
  });
});
