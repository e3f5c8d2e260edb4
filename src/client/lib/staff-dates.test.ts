import { afterEach, describe, expect, it } from 'vitest';
import { formatStaffDate, formatStaffDateTime, setStaffTimezone, staffTimezone } from './staff-dates';

// 03:30 UTC on 10 May: still 9 May on the US west coast, already past 11 PM there.
const INSTANT = '2026-05-10T03:30:00Z';

afterEach(() => setStaffTimezone(null));

describe('staff dates in the member timezone', () => {
  it('shows Pacific time by default', () => {
    expect(staffTimezone()).toBe('America/Los_Angeles');
    expect(formatStaffDateTime(INSTANT)).toBe('May 9, 2026, 8:30 PM');
    expect(formatStaffDate(INSTANT)).toBe('May 9, 2026');
  });

  it('shows the same instant three hours later on an Eastern wall clock', () => {
    setStaffTimezone('America/New_York');
    expect(formatStaffDateTime(INSTANT)).toBe('May 9, 2026, 11:30 PM');
    setStaffTimezone('America/Chicago');
    expect(formatStaffDateTime('2026-05-10T05:30:00Z')).toBe('May 10, 2026, 12:30 AM');
    expect(formatStaffDate('2026-05-10T05:30:00Z')).toBe('May 10, 2026');
  });

  it('keeps the default for a zone the browser does not know, or none', () => {
    setStaffTimezone('America/New_York');
    setStaffTimezone('Mars/Olympus_Mons');
    expect(staffTimezone()).toBe('America/Los_Angeles');
    setStaffTimezone('America/Denver');
    setStaffTimezone(undefined);
    expect(staffTimezone()).toBe('America/Los_Angeles');
  });
});
