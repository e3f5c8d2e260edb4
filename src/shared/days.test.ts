import { describe, expect, it } from 'vitest';
import { isDay, isoDay } from './days';

describe('isoDay', () => {
  it('is the day in UTC, whatever the offset the moment was written with', () => {
    expect(isoDay(new Date('2026-03-04T23:59:59.999Z'))).toBe('2026-03-04');
    expect(isoDay(new Date('2026-03-05T00:00:00.000Z'))).toBe('2026-03-05');
    // 20:00 on the 4th in New York is already the 5th in UTC
    expect(isoDay(new Date('2026-03-04T20:00:00-05:00'))).toBe('2026-03-05');
    // 01:00 on the 5th in Paris is still the 4th in UTC
    expect(isoDay(new Date('2026-03-05T01:00:00+02:00'))).toBe('2026-03-04');
  });

  it('crosses months, years and leap days', () => {
    expect(isoDay(new Date(Date.UTC(2024, 1, 29, 12)))).toBe('2024-02-29');
    expect(isoDay(new Date(Date.UTC(2025, 11, 31, 23, 59, 59)))).toBe('2025-12-31');
    expect(isoDay(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01');
  });

  it('throws on an invalid date, as toISOString does', () => {
    expect(() => isoDay(new Date('not a day'))).toThrow(RangeError);
  });
});

describe('isDay', () => {
  it('takes days on the calendar', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-12-31')).toBe(true);
    expect(isDay('1970-01-01')).toBe(true);
  });

  it('refuses days that are not, and other shapes', () => {
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-04-31')).toBe(false);
    expect(isDay('2025-13-45')).toBe(false);
    expect(isDay('2025-1-5')).toBe(false);
    expect(isDay('2025-01-05T00:00:00Z')).toBe(false);
    expect(isDay(' 2025-01-05')).toBe(false);
    expect(isDay('')).toBe(false);
  });
});
