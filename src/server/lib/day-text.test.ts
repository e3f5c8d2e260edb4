import { describe, expect, it } from 'vitest';
import { invoiceDay, shortDate } from './day-text';

describe('invoiceDay', () => {
  // 02:30 UTC on 5 March is still 4 March on the US West Coast
  const at = new Date('2026-03-05T02:30:00Z');

  it("writes the day in the company's date format, as the company's clock reads it", () => {
    expect(invoiceDay(at, { dateFormat: 'MM/DD/YYYY', timezone: 'UTC' })).toBe('03/05/2026');
    expect(invoiceDay(at, { dateFormat: 'DD/MM/YYYY', timezone: 'UTC' })).toBe('05/03/2026');
    expect(invoiceDay(at, { dateFormat: 'YYYY-MM-DD', timezone: 'UTC' })).toBe('2026-03-05');
    expect(invoiceDay(at, { dateFormat: 'YYYY-MM-DD', timezone: 'America/Los_Angeles' })).toBe('2026-03-04');
  });

  it('leaves a missing day empty', () => {
    expect(invoiceDay(null, { dateFormat: 'MM/DD/YYYY', timezone: 'UTC' })).toBe('');
  });
});

describe('shortDate', () => {
  it('is the day in UTC, written the way the messages read', () => {
    expect(shortDate(new Date('2026-03-04T23:59:59.999Z'))).toBe('Mar 4, 2026');
    expect(shortDate(new Date('2026-03-05T00:00:00Z'))).toBe('Mar 5, 2026');
    // 20:00 on 31 December in New York is already the new year in UTC
    expect(shortDate(new Date('2025-12-31T20:00:00-05:00'))).toBe('Jan 1, 2026');
  });
});
