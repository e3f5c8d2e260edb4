import { describe, expect, it } from 'vitest';
import { canOpenTab, defaultPermissionsFor, hasPermission, tabsForRole } from './roles';

describe('role tabs', () => {
  it('sales sees only dashboard, customers and fleet', () => {
    expect(tabsForRole('sales')).toEqual(['dashboard', 'customers', 'fleet']);
    expect(canOpenTab('sales', 'plans')).toBe(false);
  });
  it('manager has plans and users but not audit, settings, crm or external-db', () => {
    expect(canOpenTab('manager', 'plans')).toBe(true);
    expect(canOpenTab('manager', 'users')).toBe(true);
    for (const tab of ['audit', 'settings', 'crm', 'external-db'] as const)
      expect(canOpenTab('manager', tab)).toBe(false);
  });
  it('an unknown role sees only the dashboard', () => {
    expect(tabsForRole('intern')).toEqual(['dashboard']);
    expect(tabsForRole(undefined)).toEqual(['dashboard']);
  });
});

describe('permission flags', () => {
  it('admin and root pass every flag whatever is stored', () => {
    expect(hasPermission('admin', {}, 'canEditPlans')).toBe(true);
    expect(hasPermission('root', { canEditPlans: false }, 'canEditPlans')).toBe(true);
  });
  it('manager and sales are checked against their flags', () => {
    expect(hasPermission('manager', defaultPermissionsFor('manager'), 'canViewPlans')).toBe(true);
    expect(hasPermission('manager', defaultPermissionsFor('manager'), 'canEditPlans')).toBe(false);
    expect(hasPermission('sales', { canEditPlans: true }, 'canEditPlans')).toBe(true);
    expect(hasPermission('sales', null, 'canViewPlans')).toBe(false);
  });
});
