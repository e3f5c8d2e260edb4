import { describe, expect, it } from 'vitest';
import { nextPeriodEnd, prorationCents, retryAt } from './periods';

describe('billing periods', () => {
  it('renews monthly and clamps to the end of shorter months', () => {
    expect(nextPeriodEnd(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(nextPeriodEnd(new Date('2026-11-21T00:00:00Z')).toISOString()).toBe('2026-12-21T00:00:00.000Z');
  });

  it('prorates an upgrade over the rest of the period', () => {
    const periodStart = new Date('2026-11-01T00:00:00Z');
    const periodEnd = new Date('2026-12-01T00:00:00Z');
    const half = new Date('2026-11-16T00:00:00Z');
    expect(
      prorationCents({ fromPriceCents: 12_000, toPriceCents: 18_900, periodStart, periodEnd, at: half }),
    ).toBe(3450);
    expect(
      prorationCents({
        fromPriceCents: 12_000,
        toPriceCents: 18_900,
        periodStart,
        periodEnd,
        at: periodStart,
      }),
    ).toBe(6900);
    expect(
      prorationCents({ fromPriceCents: 12_000, toPriceCents: 18_900, periodStart, periodEnd, at: periodEnd }),
    ).toBe(0);
    expect(
      prorationCents({ fromPriceCents: 18_900, toPriceCents: 12_000, periodStart, periodEnd, at: half }),
    ).toBe(0);
  });

  it('retries on day 3 and day 7 after the first failure, then stops', () => {
    const first = new Date('2026-11-01T00:00:00Z');
    expect(retryAt(first, 1)?.toISOString()).toBe('2026-11-04T00:00:00.000Z');
    expect(retryAt(first, 2)?.toISOString()).toBe('2026-11-08T00:00:00.000Z');
    expect(retryAt(first, 3)).toBeNull();
  });
});
