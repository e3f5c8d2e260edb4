/**
 * The seven words of the Audit Logs filter: every audit row's `action` maps onto one of them, stored with the
 * row as `category` so the Audit Logs filter is an index lookup. An action not named here is a change
 * (`update`). The migration 0014 backfill spells the same map in SQL: keep them together.
 */
export const AUDIT_CATEGORIES = ['login', 'logout', 'create', 'update', 'delete', 'export', 'view'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

const BY_ACTION: Record<string, AuditCategory> = {
  login: 'login',
  admin_login: 'login',
  impersonation_start: 'login',
  impersonation_use: 'login',
  logout: 'logout',
  session_end: 'logout',
  create: 'create',
  customer_registered: 'create',
  duplicate: 'create',
  delete: 'delete',
  export: 'export',
  view: 'view',
  access_denied: 'view',
  validation_failed: 'update',
  audit_retention: 'delete',
  audit_verify: 'view',
};

export function auditCategoryOf(action: string): AuditCategory {
  return BY_ACTION[action] ?? 'update';
}

/** The audit resources of a customer's fleet: its changes are the fleet app's and staff's recent changes. */
export const FLEET_RESOURCES = ['vehicle', 'driver', 'maintenance', 'team_member'] as const;
/**
 * The categories that are changes to a fleet: an export of the vehicles or drivers is audited under the
 * same resource but changed nothing.
 */
export const FLEET_CHANGE_CATEGORIES = [
  'create',
  'update',
  'delete',
] as const satisfies readonly AuditCategory[];
