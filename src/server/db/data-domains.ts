import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { DataDomain } from '../../shared/data-domains';
import * as schema from './schema';

/**
 * Which domain each table's rows belong to (shared/data-domains.ts). A new table must be added here:
 * data-domains.test.ts fails on a table of the schema this map does not name.
 */
export const TABLE_DOMAINS: Readonly<Record<string, DataDomain>> = {
  customers: 'customers',
  customer_settings: 'customers',
  customer_logins: 'customers',
  plans: 'plans',
  subscriptions: 'subscriptions',
  mrr_events: 'subscriptions',
  mrr_cohort_months: 'subscriptions',
  revenue_snapshots: 'subscriptions',
  payments: 'payments',
  payment_day_totals: 'payments',
  refunds: 'payments',
  disputes: 'payments',
  webhook_events: 'payments',
  sandbox_intents: 'payments',
  sandbox_charges: 'payments',
  sandbox_refunds: 'payments',
  invoices: 'invoices',
  invoice_status_totals: 'invoices',
  counters: 'invoices',
  payment_methods: 'payment-methods',
  sandbox_payment_methods: 'payment-methods',
  payment_links: 'payment-requests',
  payment_requests: 'payment-requests',
  vehicles: 'fleet',
  drivers: 'fleet',
  maintenance_records: 'fleet',
  fleet_counters: 'fleet',
  fleet_vehicle_days: 'fleet',
  fleet_account_vehicles: 'fleet',
  fleet_maintenance_due: 'fleet',
  fleet_account_counters: 'fleet',
  fleet_account_due: 'fleet',
  team_members: 'fleet',
  staff_users: 'staff',
  sessions: 'sessions',
  impersonation_tokens: 'sessions',
  password_reset_tokens: 'sessions',
  sign_in_challenges: 'limits',
  attempt_counters: 'limits',
  sales_commission_rates: 'commissions',
  sales_commissions: 'commissions',
  sales_commission_totals: 'commissions',
  activities: 'activity',
  notifications: 'notifications',
  notification_reads: 'notifications',
  audit_logs: 'audit',
  audit_chain: 'audit',
  audit_hour_counts: 'audit',
  system_settings: 'settings',
  app_meta: 'settings',
  server_instances: 'health',
  request_metrics: 'health',
  job_runs: 'health',
  integration_status: 'health',
  system_alerts: 'health',
  expenses: 'expenses',
  hosting_usage: 'expenses',
  email_outbox: 'email',
  email_day_totals: 'email',
  email_templates: 'email',
  support_tickets: 'support',
  support_ticket_messages: 'support',
  support_ticket_totals: 'support',
  support_ticket_duration_buckets: 'support',
  support_open_ticket_hours: 'support',
  background_jobs: 'jobs',
  crm_integrations: 'crm',
};

/** Tables a database trigger writes when the key table is written (migrations 0005, 0011, 0012, 0025-0028, 0031, 0035-0037). */
const TRIGGER_WRITES: Readonly<Record<string, readonly string[]>> = {
  subscriptions: ['mrr_events', 'mrr_cohort_months'],
  mrr_events: ['mrr_cohort_months'],
  payments: ['payment_day_totals', 'invoices', 'invoice_status_totals'],
  invoices: ['invoice_status_totals'],
  customers: ['customer_logins'],
  team_members: ['customer_logins'],
  support_tickets: ['support_ticket_totals', 'support_ticket_duration_buckets', 'support_open_ticket_hours'],
  vehicles: [
    'maintenance_records',
    'fleet_counters',
    'fleet_vehicle_days',
    'fleet_account_vehicles',
    'fleet_maintenance_due',
    'fleet_account_counters',
    'fleet_account_due',
  ],
  drivers: ['fleet_counters', 'fleet_account_counters'],
  maintenance_records: ['fleet_maintenance_due', 'fleet_account_due'],
  email_outbox: ['email_day_totals'],
  sales_commissions: ['sales_commission_totals'],
  audit_logs: ['audit_hour_counts'],
};

/** Tables a delete reaches through foreign keys (`on delete cascade` or `set null`), read from the schema. */
const DELETE_REACHES: ReadonlyMap<string, readonly string[]> = (() => {
  const children = new Map<string, string[]>();
  for (const value of Object.values(schema) as unknown[]) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    for (const key of config.foreignKeys) {
      const action = key.onDelete;
      if (action !== 'cascade' && action !== 'set null') continue;
      const parent = getTableConfig(key.reference().foreignTable).name;
      if (parent !== config.name) children.set(parent, [...(children.get(parent) ?? []), config.name]);
    }
  }
  const reach = (table: string, seen: Set<string>): void => {
    for (const child of children.get(table) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      reach(child, seen);
    }
  };
  return new Map(
    [...children.keys()].map((table) => {
      const seen = new Set<string>();
      reach(table, seen);
      return [table, [...seen]];
    }),
  );
})();

export type StatementDomains = { read: readonly DataDomain[]; written: readonly DataDomain[] };

const NONE: StatementDomains = { read: [], written: [] };
const identifier = String.raw`"?([a-z_][a-z0-9_]*)"?`;
// Every table a statement names, and the targets of its writes (insert into, update, delete from).
const NAMED = new RegExp(String.raw`(?:^|[^a-z0-9_."])${identifier}`, 'gi');
const WRITE_TARGET = new RegExp(String.raw`\b(insert\s+into|update|delete\s+from)\s+${identifier}`, 'gi');

/** The domains one SQL statement reads and writes, from the tables it names. */
export function domainsOfStatement(statement: string): StatementDomains {
  const sql = statement.toLowerCase();
  const written = new Set<DataDomain>();
  for (const [, verb, table] of sql.matchAll(WRITE_TARGET)) {
    const reached = verb!.startsWith('delete') ? (DELETE_REACHES.get(table!) ?? []) : [];
    for (const name of [table!, ...(TRIGGER_WRITES[table!] ?? []), ...reached]) {
      const domain = TABLE_DOMAINS[name];
      if (domain) written.add(domain);
    }
  }
  const read = new Set<DataDomain>();
  for (const [, name] of sql.matchAll(NAMED)) {
    const domain = TABLE_DOMAINS[name!];
    if (domain) read.add(domain);
  }
  if (written.size === 0 && read.size === 0) return NONE;
  return { read: [...read], written: [...written] };
}

// The same statements run again and again (Drizzle builds the same text for the same query).
const CACHE_LIMIT = 4000;
const cache = new Map<string, StatementDomains>();

function cachedDomainsOf(statement: string): StatementDomains {
  let found = cache.get(statement);
  if (!found) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    found = domainsOfStatement(statement);
    cache.set(statement, found);
  }
  return found;
}

/** What one unit of work (a request's handler, a background job) has read and written so far. */
export type TouchedDomains = { read: Set<DataDomain>; written: Set<DataDomain> };

const current = new AsyncLocalStorage<TouchedDomains>();

export function newTouchedDomains(): TouchedDomains {
  return { read: new Set(), written: new Set() };
}

/** Runs `work` recording into `touched` every statement it runs (the database's logger calls `noteStatement`). */
export function recordingDomains<T>(touched: TouchedDomains, work: () => T): T {
  return current.run(touched, work);
}

/** Called with every statement the app runs: notes its domains on the unit of work running it, if any. */
export function noteStatement(statement: string): void {
  const touched = current.getStore();
  if (!touched) return;
  const { read, written } = cachedDomainsOf(statement);
  for (const domain of read) touched.read.add(domain);
  for (const domain of written) touched.written.add(domain);
}

/**
 * Runs `work` recording what it touches on its own, then adds that to the current unit of work: for
 * answers kept and reused (db/snapshot-cache.ts), whose later readers replay it with `noteTouched`.
 */
export async function recordingApart<T>(
  work: () => Promise<T>,
): Promise<{ value: T; touched: TouchedDomains }> {
  const touched = newTouchedDomains();
  const value = await recordingDomains(touched, work);
  noteTouched(touched);
  return { value, touched };
}

/** Adds what another unit of work touched to the current one (a reused answer read the same data). */
export function noteTouched(other: TouchedDomains): void {
  const touched = current.getStore();
  if (!touched) return;
  for (const domain of other.read) touched.read.add(domain);
  for (const domain of other.written) touched.written.add(domain);
}
