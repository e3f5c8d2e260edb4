import { describe, expect, it } from 'vitest';
import { isDay } from '@client/components/list/date-range-filter';
import { auditLogsQuery, auditQueryOf, auditVerifyQuery } from './api';

const base = { page: 1, pageSize: 25, sort: '-createdAt' };

describe('the audit list query from the address', () => {
  it('keeps what the contract takes', () => {
    expect(
      auditQueryOf({ ...base, page: 3, from: '2025-01-01', to: '2025-01-31', category: 'login' }),
    ).toEqual({
      ...base,
      page: 3,
      from: '2025-01-01',
      to: '2025-01-31',
      category: 'login',
    });
  });

  it('drops a bound or a page the contract refuses instead of throwing', () => {
    expect(auditQueryOf({ ...base, from: '2025-13-45', to: '2025-02-01' })).toEqual({
      ...base,
      to: '2025-02-01',
    });
    expect(auditQueryOf({ ...base, from: '2025-02-02', to: '2025-02-01' })).toEqual({
      ...base,
      from: '2025-02-02',
    });
    expect(auditQueryOf({ ...base, page: 10_001, category: 'export' })).toEqual({
      ...base,
      category: 'export',
    });
    expect(auditQueryOf({ ...base, from: '0000-01-01' })).toEqual(base);
  });

  it('keys its calls by their endpoint path', () => {
    expect(auditLogsQuery(auditQueryOf(base)).queryKey[0]).toBe('/api/admin/audit-logs');
    expect(auditVerifyQuery.queryKey).toEqual(['/api/admin/audit/verify']);
  });
});

describe('isDay', () => {
  it('takes calendar days only', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-13-45')).toBe(false);
    expect(isDay('2025-1-5')).toBe(false);
  });
});
