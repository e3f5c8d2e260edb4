import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { randomId, timestamptz, updatedAt } from './columns';
import { byStaff } from './staff-columns';

// Settings and the product's own bookkeeping: facts about the database, gapless counters, product-wide
// settings, and what System Health reads (instances, request metrics, job runs, integrations, alerts).

/** Key/value facts about this database itself (for example that demo data was seeded once). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Gapless counters (invoice numbers): incremented inside the transaction that uses the value. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/** Product-wide settings staff change (billing terms now; the settings screen adds its own keys). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedByStaffId: byStaff('updated_by_staff_id'),
  updatedAt: updatedAt(),
});

/** Each running server instance and its latest vital signs (System Health, one row per instance). */
export const serverInstances = pgTable(
  'server_instances',
  {
    instanceId: text('instance_id').primaryKey(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** Uptime, memory, CPU and event-loop delay as last measured (contracts/system-health.ts). */
    vitals: jsonb('vitals').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('server_instances_seen_idx').on(t.lastSeenAt)],
);

/**
 * API requests per instance, minute and route group: counts, errors and a latency histogram (counts per
 * fixed bucket) from which p95 is read. Each instance writes only its own rows.
 */
export const requestMetrics = pgTable(
  'request_metrics',
  {
    instanceId: text('instance_id').notNull(),
    minute: timestamptz('minute').notNull(),
    routeGroup: text('route_group').notNull(),
    requests: integer('requests').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    latencyBuckets: jsonb('latency_buckets').$type<number[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.minute, t.routeGroup] }),
    index('request_metrics_minute_idx').on(t.minute),
  ],
);

/** The last run of each background job on each instance. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    instanceId: text('instance_id').notNull(),
    lastStartedAt: timestamptz('last_started_at').notNull(),
    lastFinishedAt: timestamptz('last_finished_at'),
    durationMs: integer('duration_ms'),
    /** running, ok or failed. */
    outcome: text('outcome').notNull(),
    error: text('error'),
    runs: integer('runs').notNull().default(0),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.job, t.instanceId] })],
);

/** The last success and failure of each integration (payments, email, crm, external-db). */
export const integrationStatus = pgTable('integration_status', {
  integration: text('integration').primaryKey(),
  lastSuccessAt: timestamptz('last_success_at'),
  lastFailureAt: timestamptz('last_failure_at'),
  lastError: text('last_error'),
  updatedAt: updatedAt(),
});

/**
 * Alerts raised when a System Health threshold is crossed (type error, warning or info). At
 * most one open alert per condition, whatever the number of instances; staff resolve them.
 */
export const systemAlerts = pgTable(
  'system_alerts',
  {
    id: randomId(),
    type: text('type').notNull(),
    /** What raised it, e.g. `memory:<instance>` or `job:billing`: one open alert per condition. */
    conditionKey: text('condition_key').notNull(),
    message: text('message').notNull(),
    instanceId: text('instance_id'),
    raisedAt: timestamptz('raised_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedByStaffId: byStaff('resolved_by_staff_id'),
  },
  (t) => [
    uniqueIndex('system_alerts_open_key')
      .on(t.conditionKey)
      .where(sql`${t.resolvedAt} is null`),
    index('system_alerts_raised_idx').on(t.raisedAt),
  ],
);
