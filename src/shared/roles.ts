/**
 * The one role / tab / permission table (docs/product-rules.md "Staff roles and tabs").
 * The server's access hook and the client's menu both read it, so they cannot disagree.
 */
export const STAFF_ROLES = ['admin', 'manager', 'sales', 'root'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_TABS = [
  'dashboard',
  'customers',
  'fleet',
  'plans',
  'payments',
  'revenue',
  'support',
  'monitoring',
  'emails',
  'users',
  'audit',
  'settings',
  'crm',
  'external-db',
  'analytics',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** A manager runs the business: customers, plans, the fleet, payments and the staff. */
const MANAGER_TABS: readonly AdminTab[] = [
  'dashboard',
  'customers',
  'plans',
  'fleet',
  'payments',
  'emails',
  'analytics',
  'support',
  'monitoring',
  'revenue',
  'users',
];

/** An admin (and root) opens a manager's tabs and the system's own. */
const ADMIN_ROLE_TABS: readonly AdminTab[] = [...MANAGER_TABS, 'crm', 'external-db', 'audit', 'settings'];

export const ROLE_TABS: Record<StaffRole, readonly AdminTab[]> = {
  admin: ADMIN_ROLE_TABS,
  root: ADMIN_ROLE_TABS,
  manager: MANAGER_TABS,
  sales: ['dashboard', 'customers', 'fleet'],
};

export const PERMISSION_FLAGS = [
  'canViewCustomers',
  'canEditCustomers',
  'canDeleteCustomers',
  'canViewPlans',
  'canEditPlans',
  'canViewPayments',
  'canProcessRefunds',
  'canViewAnalytics',
  'canViewTeamManagement',
  'canManageUsers',
  'canViewSettings',
  'canEditSettings',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type Permissions = Partial<Record<PermissionFlag, boolean>>;

/** New users start with the four view permissions on and everything else off. */
export const DEFAULT_PERMISSIONS: Record<PermissionFlag, boolean> = {
  canViewCustomers: true,
  canEditCustomers: false,
  canDeleteCustomers: false,
  canViewPlans: true,
  canEditPlans: false,
  canViewPayments: true,
  canProcessRefunds: false,
  canViewAnalytics: true,
  canViewTeamManagement: false,
  canManageUsers: false,
  canViewSettings: false,
  canEditSettings: false,
};

export const ALL_PERMISSIONS: Record<PermissionFlag, boolean> = Object.fromEntries(
  PERMISSION_FLAGS.map((flag) => [flag, true]),
) as Record<PermissionFlag, boolean>;

export function defaultPermissionsFor(role: StaffRole): Record<PermissionFlag, boolean> {
  return role === 'admin' || role === 'root' ? { ...ALL_PERMISSIONS } : { ...DEFAULT_PERMISSIONS };
}

/** Any role outside the table sees only the dashboard. */
export function tabsForRole(role: string | null | undefined): readonly AdminTab[] {
  const known = (STAFF_ROLES as readonly string[]).includes(role ?? '') ? (role as StaffRole) : null;
  return known ? ROLE_TABS[known] : ['dashboard'];
}

export function canOpenTab(role: string | null | undefined, tab: AdminTab): boolean {
  return tabsForRole(role).includes(tab);
}

/** Roles admin and root pass every flag; manager and sales are checked against their flags. */
export function hasPermission(
  role: string | null | undefined,
  permissions: Permissions | null | undefined,
  flag: PermissionFlag,
): boolean {
  if (role === 'admin' || role === 'root') return true;
  return permissions?.[flag] === true;
}

export const ACCESS_DENIED_MESSAGE = "You don't have permission to access this section";
