import { describe, expect, it } from 'vitest';
import { commissionStatusBadge, memberNameOf, recentMonths, totalsFigures } from './team-format';

describe('recentMonths', () => {
  it('lists this month and the eleven before it, newest first, across the year boundary', () => {
    const months = recentMonths(new Date('2026-02-15T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2026-02', label: 'February 2026' });
    expect(months[1]?.value).toBe('2026-01');
    expect(months[2]?.value).toBe('2025-12');
    expect(months[11]?.value).toBe('2025-03');
  });

  it('reads the month in UTC, as the server files commissions', () => {
    expect(recentMonths(new Date('2026-03-31T23:30:00-05:00'), 1)[0]?.value).toBe('2026-04');
  });
});

describe('commissionStatusBadge', () => {
  it('is yellow for pending, green for paid and destructive otherwise', () => {
    expect(commissionStatusBadge('pending')).toBe('warning');
    expect(commissionStatusBadge('paid')).toBe('success');
    expect(commissionStatusBadge('voided')).toBe('destructive');
  });
});

describe('memberNameOf', () => {
  it('uses the names, or the email without them', () => {
    expect(memberNameOf({ firstName: 'Sam', lastName: ' Sales ', email: 's@x.io' })).toBe('Sam Sales');
    expect(memberNameOf({ firstName: null, lastName: '', email: 'pat@x.io' })).toBe('pat');
  });
});

describe('totalsFigures', () => {
  it('names each total with its count', () => {
    const figures = totalsFigures({
      count: 3,
      pendingCount: 1,
      paidCount: 2,
      pendingAmount: 7.5,
      paidAmount: 15,
      totalAmount: 22.5,
    });
    expect(figures.map((f) => `${f.label} ${f.value} ${f.hint}`)).toEqual([
      'Pending $7.50 1 commission',
      'Paid $15.00 2 commissions',
      'Total $22.50 3 commissions',
    ]);
  });
});
