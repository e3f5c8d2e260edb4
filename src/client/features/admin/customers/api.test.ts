import { describe, expect, it } from 'vitest';
import { customerExportUrl } from './api';

describe('customerExportUrl', () => {
  it('carries the list’s search, filters and sort, and no paging', () => {
    const url = new URL(
      customerExportUrl({ search: 'acme co', status: 'active', risk: 'high', sort: 'companyName' }),
      'http://localhost',
    );
    expect(url.pathname).toBe('/api/admin/customers/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'acme co',
      status: 'active',
      risk: 'high',
      sort: 'companyName',
    });
  });

  it('leaves out what does not narrow the list', () => {
    expect(customerExportUrl({ sort: '-createdAt' })).toBe('/api/admin/customers/export?sort=-createdAt');
  });
});
