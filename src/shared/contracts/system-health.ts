import { z } from 'zod';
import { pagedQuery, pageOf } from './common';

/**
 * System Health (tab `monitoring`; docs/system-health.md): the server's own
 * measurements, per instance. Calls: `GET /api/admin/system-health` (overview, services and metrics in
 * one answer), `GET /api/admin/system-health/alerts`, `POST /api/admin/system-health/alerts/{id}/resolve`.
 */

/** The system statuses and the alert types. */
export const HEALTH_STATUSES = ['healthy', 'warning', 'error', 'maintenance'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];
export const ALERT_TYPES = ['error', 'warning', 'info'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * Each measured figure's limit: warning from 70 % of the limit, healthy below it; at the
 * limit itself the figure is an error. Percentages (CPU, memory) have the limit 100 % for "warning"
 * and their own error line (90 %).
 */
export const WARNING_SHARE = 0.7;
export const HEALTH_LIMITS = {
  /** Share of one core's time this process used since the last sample. */
  cpuPercent: 90,
  /** Heap in use as a share of V8's heap limit. */
  memoryPercent: 90,
  /** The 99th percentile of the event loop's delay since the last sample. */
  eventLoopDelayMs: 200,
  /** `select 1` round trip. */
  databaseLatencyMs: 250,
  /** 5xx answers as a share of all, over the last 5 minutes (from 20 requests on). */
  errorRatePercent: 5,
  /** p95 of a route group over the last 5 minutes. */
  p95LatencyMs: 1000,
} as const;
export type HealthMetric = keyof typeof HEALTH_LIMITS;

/**
 * Healthy below 70 % of the limit, warning from there, error at the limit. CPU and memory warn at
 * 70 % of the machine (not of their error line): `warnAt` overrides the warning line.
 */
export const WARN_AT: Partial<Record<HealthMetric, number>> = { cpuPercent: 70, memoryPercent: 70 };

export function statusOf(metric: HealthMetric, value: number | null): HealthStatus {
  if (value === null) return 'healthy';
  const limit = HEALTH_LIMITS[metric];
  if (value >= limit) return 'error';
  if (value >= (WARN_AT[metric] ?? limit * WARNING_SHARE)) return 'warning';
  return 'healthy';
}

const STATUS_RANK: Record<HealthStatus, number> = { healthy: 0, maintenance: 1, warning: 2, error: 3 };
/** The worst of several statuses (an empty list is healthy). */
export const worstStatus = (statuses: HealthStatus[]): HealthStatus =>
  statuses.reduce<HealthStatus>((a, b) => (STATUS_RANK[b] > STATUS_RANK[a] ? b : a), 'healthy');

/** What one instance measured of itself at its last report (written every few seconds). */
export const instanceVitals = z.object({
  uptimeSeconds: z.number(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  heapLimitBytes: z.number(),
  memoryPercent: z.number(),
  cpuPercent: z.number(),
  eventLoopDelayMs: z.number(),
  eventLoopDelayMaxMs: z.number(),
  databaseLatencyMs: z.number().nullable(),
  /** True while the instance is stopping (its last report). */
  stopping: z.boolean(),
});
export type InstanceVitals = z.infer<typeof instanceVitals>;

export const windowStats = z.object({
  requests: z.number().int(),
  /** Requests per minute over the window. */
  ratePerMinute: z.number(),
  errors: z.number().int(),
  errorRatePercent: z.number(),
  /** Upper bound of the latency bucket holding the 95th percentile; null without requests. */
  p95Ms: z.number().nullable(),
});
export type WindowStats = z.infer<typeof windowStats>;

export const instanceHealth = z.object({
  instanceId: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The instance answering this call. */
  current: z.boolean(),
  status: z.enum(HEALTH_STATUSES),
  vitals: instanceVitals,
  last5: windowStats,
});
export type InstanceHealth = z.infer<typeof instanceHealth>;

export const routeGroupHealth = z.object({
  group: z.string(),
  status: z.enum(HEALTH_STATUSES),
  last5: windowStats,
  last60: windowStats,
});
export type RouteGroupHealth = z.infer<typeof routeGroupHealth>;

export const JOB_OUTCOMES = ['running', 'ok', 'failed'] as const;
export const jobHealth = z.object({
  job: z.string(),
  label: z.string(),
  status: z.enum(HEALTH_STATUSES),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  outcome: z.enum(JOB_OUTCOMES).nullable(),
  error: z.string().nullable(),
  /** Which instance ran it last. */
  instanceId: z.string().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
  /** What the job still has to do, counted up to `BACKLOG_CAP`; null when the job has no queue. */
  backlog: z.number().int().nullable(),
  backlogLabel: z.string().nullable(),
});
export type JobHealth = z.infer<typeof jobHealth>;
/** Backlogs are counted up to this many rows (a cheap bounded count), shown as "10,000+". */
export const BACKLOG_CAP = 10_000;

export const INTEGRATIONS = ['payments', 'email', 'crm', 'external-db'] as const;
export type Integration = (typeof INTEGRATIONS)[number];
export const INTEGRATION_LABELS: Record<Integration, string> = {
  payments: 'Payments',
  email: 'Email',
  crm: 'CRM',
  'external-db': 'External database',
};
export const integrationHealth = z.object({
  integration: z.enum(INTEGRATIONS),
  label: z.string(),
  configured: z.boolean(),
  /** How it is set up, e.g. "Stripe", "Sandbox", "SMTP", "HubSpot", "Not configured". */
  mode: z.string(),
  status: z.enum(HEALTH_STATUSES),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type IntegrationHealth = z.infer<typeof integrationHealth>;

export const databaseHealth = z.object({
  driver: z.enum(['pglite', 'pg']),
  status: z.enum(HEALTH_STATUSES),
  latencyMs: z.number().nullable(),
  sizeBytes: z.number().nullable(),
});

export const systemHealth = z.object({
  generatedAt: z.string(),
  status: z.enum(HEALTH_STATUSES),
  /** Seconds between two reports of an instance; instances seen within a minute are listed. */
  reportEverySeconds: z.number(),
  instances: z.array(instanceHealth),
  database: databaseHealth,
  routeGroups: z.array(routeGroupHealth),
  totals: z.object({ last5: windowStats, last60: windowStats }),
  jobs: z.array(jobHealth),
  integrations: z.array(integrationHealth),
  openAlerts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() }),
});
export type SystemHealth = z.infer<typeof systemHealth>;

export const ALERT_STATES = ['open', 'resolved'] as const;
export const alertListQuery = pagedQuery(
  {
    state: z.enum(ALERT_STATES, { error: 'State must be open or resolved' }).optional(),
    type: z.enum(ALERT_TYPES, { error: 'Type must be error, warning or info' }).optional(),
  },
  { defaultPageSize: 20, maxPageSize: 100, maxPage: 10_000 },
);
export type AlertListQuery = z.infer<typeof alertListQuery>;

export const systemAlert = z.object({
  id: z.string(),
  type: z.enum(ALERT_TYPES),
  conditionKey: z.string(),
  message: z.string(),
  instanceId: z.string().nullable(),
  raisedAt: z.string(),
  lastSeenAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type SystemAlert = z.infer<typeof systemAlert>;
export const alertPage = pageOf(systemAlert);

export const alertParams = z.object({ id: z.string().uuid('Alert not found') });
export const resolveAlertResult = z.object({
  success: z.literal(true),
  message: z.string(),
  alert: systemAlert,
});
