import { z } from 'zod';

/**
 * The Fleet Control Center's figures (Analytics, Live Monitoring, CRM Integration), all
 * computed from real records across every customer account (never a sample number).
 * What each figure counts: docs/fleet-control-center.md.
 */

/** Days ahead that count as "maintenance due soon", and back that count as "added recently". */
export const FLEET_WINDOW_DAYS = 30;
/** A customer session seen within this many minutes counts as active now. */
export const ACTIVE_SESSION_MINUTES = 15;
/** The longest list any of these answers carries (newest changes, alerts, top customers). */
export const FLEET_LIST_LIMIT = 10;
export const TOP_CUSTOMER_COUNT = 5;

const count = z.number().int().nonnegative();

export const fleetAnalytics = z.object({
  vehicles: z.object({
    /** Vehicles counted against plans (not retired): Customer Fleet's and Advanced Analytics' Total Vehicles. */
    total: count,
    byStatus: z.object({ active: count, maintenance: count, inactive: count, retired: count }),
    /** Vehicles created in the last FLEET_WINDOW_DAYS days. */
    addedRecently: count,
    /** Customer accounts with at least one vehicle counted against their plan. */
    customersWithVehicles: count,
  }),
  drivers: count,
  /** The sum of every vehicle's recorded odometer, in miles (the staff area speaks miles). */
  totalMileage: z.number().nonnegative(),
  maintenance: z.object({
    /** Open records due (by date) from today through FLEET_WINDOW_DAYS days ahead, not yet overdue. */
    dueSoon: count,
    /** Open records past their due date or whose vehicle reached the due mileage. */
    overdue: count,
  }),
  /** The accounts with the most vehicles, most first (at most TOP_CUSTOMER_COUNT). */
  topCustomers: z.array(
    z.object({ customerId: z.string(), companyName: z.string(), vehicles: count, status: z.string() }),
  ),
  generatedAt: z.string(),
});
export type FleetAnalytics = z.infer<typeof fleetAnalytics>;

const companyRef = { customerId: z.string().nullable(), companyName: z.string().nullable() };

export const fleetChange = z.object({
  id: z.string(),
  ...companyRef,
  /** create, update, delete, complete ... as the audit trail records it. */
  action: z.string(),
  /** vehicle, driver, maintenance, team_member. */
  resourceType: z.string(),
  /** What changed, in words ("Vehicle ABC-123 added"). */
  summary: z.string(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type FleetChange = z.infer<typeof fleetChange>;

export const overdueMaintenanceAlert = z.object({
  id: z.string(),
  customerId: z.string(),
  companyName: z.string(),
  vehicle: z.object({ id: z.string(), make: z.string(), model: z.string(), licensePlate: z.string() }),
  type: z.string(),
  dueDate: z.string().nullable(),
  dueMileage: z.number().nullable(),
});
export type OverdueMaintenanceAlert = z.infer<typeof overdueMaintenanceAlert>;

export const pastDueAccount = z.object({
  customerId: z.string(),
  companyName: z.string(),
  email: z.string(),
  /** Renewal attempts that failed so far. */
  failedAttempts: count,
  /** When the billing job tries again, if it will. */
  nextRetryAt: z.string().nullable(),
});
export type PastDueAccount = z.infer<typeof pastDueAccount>;

export const fleetMonitoring = z.object({
  /** Customer sessions (owners and team members, not staff viewing as a customer) unexpired and seen lately. */
  activeSessions: count,
  /** Successful customer sign-ins (password or auto-login) in the last 24 hours. */
  signIns24h: count,
  fleetChanges: z.object({ lastHour: count, last24h: count }),
  /** The newest fleet changes across customers, newest first (at most FLEET_LIST_LIMIT). */
  recentChanges: z.array(fleetChange),
  overdueMaintenance: z.object({ total: count, items: z.array(overdueMaintenanceAlert) }),
  pastDueAccounts: z.object({ total: count, items: z.array(pastDueAccount) }),
  /** No vehicle telemetry (GPS, signal strength) is connected; the screen says so. */
  telemetryConnected: z.literal(false),
  generatedAt: z.string(),
});
export type FleetMonitoring = z.infer<typeof fleetMonitoring>;

export const CRM_PROVIDERS = ['hubspot', 'salesforce'] as const;

export const fleetCrmEndpoint = z.object({
  method: z.enum(['GET', 'POST']),
  path: z.string(),
  purpose: z.string(),
});
export type FleetCrmEndpoint = z.infer<typeof fleetCrmEndpoint>;

export const fleetCrmStatus = z.object({
  /**
   * Where customer sign-in hands the browser to: an external fleet CRM (FLEET_CRM_URL) or the built-in
   * fleet app (docs/fleet-crm.md). `reachable` is the last answer of the external one; null for built-in.
   */
  handOff: z.object({
    mode: z.enum(['external', 'built-in']),
    /** The external CRM's origin only (no path or query, which may carry secrets), or our own page. */
    target: z.string(),
    reachable: z.boolean().nullable(),
    checkedAt: z.string().nullable(),
  }),
  /** Sessions opened by the fleet CRM's auto-login in the last FLEET_WINDOW_DAYS days. */
  autoLogins30d: count,
  /** Customer sign-ins in the same window, each of which hands the browser over. */
  signIns30d: count,
  /**
   * CRM sync as the CRM screen and System Health decide it (one rule, `crmSyncStateOf`): the CRM chosen,
   * whether its credentials are saved, whether it is on, its name ("HubSpot, auto-sync every 24 h"; null
   * while not configured) and what to do before a sync can run (null when it can).
   */
  sync: z.object({
    crmType: z.enum(CRM_PROVIDERS),
    configured: z.boolean(),
    enabled: z.boolean(),
    mode: z.string().nullable(),
    message: z.string().nullable(),
  }),
  /** Our endpoints the hand-off uses, each one registered in this server. */
  endpoints: z.array(fleetCrmEndpoint),
  generatedAt: z.string(),
});
export type FleetCrmStatus = z.infer<typeof fleetCrmStatus>;
