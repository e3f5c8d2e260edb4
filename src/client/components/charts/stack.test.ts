import { describe, expect, it } from 'vitest';
import { stackBySign, stackExtent } from './stack';

describe('stackBySign', () => {
  it('piles positive values up from zero and negative values down from zero, in the series order', () => {
    // new, expansion, contraction, churn over two buckets
    const segments = stackBySign(
      [
        [100, 0],
        [50, 20],
        [-30, 0],
        [-70, -40],
      ],
      2,
    );
    expect(segments.map((row) => row[0])).toEqual([
      { low: 0, high: 100 },
      { low: 100, high: 150 },
      { low: -30, high: 0 },
      { low: -100, high: -30 },
    ]);
    const second = segments.map((row) => row[1]!);
    expect([second[1], second[3]]).toEqual([
      { low: 0, high: 20 },
      { low: -40, high: 0 },
    ]);
    // A zero draws nothing.
    expect(second[0]!.high - second[0]!.low).toBe(0);
    expect(second[2]!.high - second[2]!.low).toBe(0);
  });

  it('keeps a refund below zero whatever the payment above it', () => {
    const [payments, refunds] = stackBySign([[500], [-80]], 1);
    expect(payments![0]).toEqual({ low: 0, high: 500 });
    expect(refunds![0]).toEqual({ low: -80, high: 0 });
  });

  it('reports the ends the axis must reach, not the parts', () => {
    const extent = stackExtent(stackBySign([[100], [50], [-30]], 1));
    expect(Math.max(...extent)).toBe(150);
    expect(Math.min(...extent)).toBe(-30);
  });
});
