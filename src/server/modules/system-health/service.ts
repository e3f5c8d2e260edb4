import { and, count, desc, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  BACKLOG_CAP,
  INTEGRATION_LABELS,
  INTEGRATIONS,
  instanceVitals,
  statusOf,
  worstStatus,
  type AlertListQuery,
  type HealthStatus,
  type Integration,
  type IntegrationHealth,
  type JobHealth,
  type SystemAlert,
  type SystemHealth,
} from '../../../shared/contracts/system-health';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import {
  integrationStatus,
  jobRuns,
  requestMetrics,
  serverInstances,
  staffUsers,
  systemAlerts,
} from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { PERIODIC_JOBS } from '../../jobs/registry';
import { recordAudit, type AuditActor } from '../audit';
import { configuredApiFields } from '../system-settings';
import { crmConfigOf } from '../crm';
import { crmSyncStateOf } from '../crm';
import { addTally, emptyTally, minutesCovered, windowStatsOf, type Tally } from './latency';
import type { SystemHealthMonitor } from './monitor';

const MINUTE = 60_000;
/** Instances that reported within this long are listed. */
const SEEN_WITHIN_MS = MINUTE;
const SIZE_CACHE_MS = 30_000;

export type HealthDeps = {
  database: Database;
  config: Pick<Config, 'stripe' | 'smtpUrl' | 'externalDbUrl'>;
  monitor: SystemHealthMonitor;
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function systemHealthReader({ database, config, monitor }: HealthDeps) {
  const db = database.db;
  let size: { at: number; bytes: number | null } = { at: 0, bytes: null };

  const databaseSize = async () => {
    if (Date.now() - size.at < SIZE_CACHE_MS) return size.bytes;
    const rows = await db.execute<{ bytes: string | number }>(
      sql`select pg_database_size(current_database()) as bytes`,
    );
    const first = (
      Array.isArray(rows) ? rows[0] : (rows as { rows: { bytes: string | number }[] }).rows[0]
    ) as { bytes: string | number } | undefined;
    size = { at: Date.now(), bytes: first ? Number(first.bytes) : null };
    return size.bytes;
  };

  const integrations = async (): Promise<IntegrationHealth[]> => {
    const [api, rows, crm] = await Promise.all([
      configuredApiFields(db),
      db.select().from(integrationStatus),
      crmConfigOf(db),
    ]);
    const byName = new Map(rows.map((r) => [r.integration, r]));
    const modes: Record<Integration, string | null> = {
      payments: config.stripe ? 'Stripe' : 'Sandbox (test cards)',
      email: config.smtpUrl ? 'SMTP' : api.has('sendgridApiKey') ? 'SendGrid' : null,
      crm: crmSyncStateOf(crm, (field) => api.has(field)).mode,
      'external-db': config.externalDbUrl || api.has('externalDbUrl') ? 'Configured' : null,
    };
    return INTEGRATIONS.map((integration) => {
      const row = byName.get(integration);
      const mode = modes[integration];
      const failing = !!row?.lastFailureAt && (!row.lastSuccessAt || row.lastFailureAt > row.lastSuccessAt);
      const status: HealthStatus = !mode ? 'maintenance' : failing ? 'error' : 'healthy';
      return {
        integration,
        label: INTEGRATION_LABELS[integration],
        configured: !!mode,
        mode: mode ?? 'Not configured',
        status,
        lastSuccessAt: iso(row?.lastSuccessAt),
        lastFailureAt: iso(row?.lastFailureAt),
        lastError: row?.lastError ?? null,
      };
    });
  };

  const jobs = async (now: Date): Promise<JobHealth[]> => {
    const rows = await db.select().from(jobRuns).orderBy(desc(jobRuns.lastStartedAt));
    // The registry's jobs, each listed even before its first run (maintenance), then any other name
    // job_runs still holds (a job since removed, a test's), under its name.
    const registered = new Map(PERIODIC_JOBS.map((j) => [j.name, j]));
    const names = [...new Set([...registered.keys(), ...rows.map((r) => r.job)])];
    return Promise.all(
      names.map(async (job) => {
        const mine = rows.filter((r) => r.job === job);
        const last = mine[0];
        const known = registered.get(job);
        const backlog = known?.backlog ? await known.backlog.count(db, now) : null;
        const status: HealthStatus = !last
          ? 'maintenance'
          : last.outcome === 'failed'
            ? 'error'
            : backlog !== null && backlog > BACKLOG_CAP
              ? 'warning'
              : 'healthy';
        return {
          job,
          label: known?.label ?? job,
          status,
          lastStartedAt: iso(last?.lastStartedAt),
          lastFinishedAt: iso(last?.lastFinishedAt),
          durationMs: last?.durationMs ?? null,
          outcome: (last?.outcome as JobHealth['outcome']) ?? null,
          error: last?.error ?? null,
          instanceId: last?.instanceId ?? null,
          runs: mine.reduce((n, r) => n + r.runs, 0),
          failures: mine.reduce((n, r) => n + r.failures, 0),
          backlog,
          backlogLabel: known?.backlog?.label ?? null,
        };
      }),
    );
  };

  return async function readSystemHealth(now = new Date()): Promise<SystemHealth> {
    const currentMinute = Math.floor(now.getTime() / MINUTE) * MINUTE;
    const from5 = new Date(currentMinute - 4 * MINUTE);
    const from60 = new Date(currentMinute - 59 * MINUTE);
    // Each window ends at this moment, inside the current minute: rates divide by the time covered.
    const minutes5 = minutesCovered(from5.getTime(), now.getTime());
    const minutes60 = minutesCovered(from60.getTime(), now.getTime());
    const latency = await database.ping().catch(() => null);
    const [instances, metrics, sizeBytes, jobList, integrationList, open] = await Promise.all([
      db
        .select()
        .from(serverInstances)
        .where(gt(serverInstances.lastSeenAt, new Date(now.getTime() - SEEN_WITHIN_MS)))
        .orderBy(serverInstances.startedAt),
      db.select().from(requestMetrics).where(gte(requestMetrics.minute, from60)),
      databaseSize().catch(() => null),
      jobs(now),
      integrations(),
      db
        .select({ type: systemAlerts.type, n: count() })
        .from(systemAlerts)
        .where(isNull(systemAlerts.resolvedAt))
        .groupBy(systemAlerts.type),
    ]);

    const groups = new Map<string, { last5: Tally; last60: Tally }>();
    const perInstance = new Map<string, Tally>();
    const total = { last5: emptyTally(), last60: emptyTally() };
    for (const m of metrics) {
      const row = { requests: m.requests, errors: m.errors, buckets: m.latencyBuckets };
      const g = groups.get(m.routeGroup) ?? { last5: emptyTally(), last60: emptyTally() };
      groups.set(m.routeGroup, g);
      addTally(g.last60, row);
      addTally(total.last60, row);
      if (m.minute >= from5) {
        addTally(g.last5, row);
        addTally(total.last5, row);
        addTally(
          perInstance.get(m.instanceId) ?? perInstance.set(m.instanceId, emptyTally()).get(m.instanceId)!,
          row,
        );
      }
    }
    const routeGroups = [...groups.entries()]
      .map(([group, t]) => {
        const last5 = windowStatsOf(t.last5, minutes5);
        const last60 = windowStatsOf(t.last60, minutes60);
        const status =
          t.last5.requests < 20
            ? 'healthy'
            : worstStatus([
                statusOf('errorRatePercent', last5.errorRatePercent),
                statusOf('p95LatencyMs', last5.p95Ms),
              ]);
        return { group, status, last5, last60 };
      })
      .sort((a, b) => b.last60.requests - a.last60.requests || a.group.localeCompare(b.group));

    const instanceList = instances.map((i) => {
      const parsed = instanceVitals.safeParse(i.vitals);
      const vitals = parsed.success
        ? parsed.data
        : instanceVitals.parse({
            uptimeSeconds: 0,
            rssBytes: 0,
            heapUsedBytes: 0,
            heapLimitBytes: 1,
            memoryPercent: 0,
            cpuPercent: 0,
            eventLoopDelayMs: 0,
            eventLoopDelayMaxMs: 0,
            databaseLatencyMs: null,
            stopping: false,
          });
      // Uptime moves on between reports: counted from the start, not the last report.
      vitals.uptimeSeconds = Math.max(0, Math.round((now.getTime() - i.startedAt.getTime()) / 1000));
      const status: HealthStatus = vitals.stopping
        ? 'maintenance'
        : worstStatus([
            statusOf('cpuPercent', vitals.cpuPercent),
            statusOf('memoryPercent', vitals.memoryPercent),
            statusOf('eventLoopDelayMs', vitals.eventLoopDelayMs),
          ]);
      return {
        instanceId: i.instanceId,
        hostname: i.hostname,
        pid: i.pid,
        startedAt: i.startedAt.toISOString(),
        lastSeenAt: i.lastSeenAt.toISOString(),
        current: i.instanceId === monitor.instanceId,
        status,
        vitals,
        last5: windowStatsOf(perInstance.get(i.instanceId) ?? emptyTally(), minutes5),
      };
    });
    const databaseStatus: HealthStatus = latency === null ? 'error' : statusOf('databaseLatencyMs', latency);
    const openAlerts = { error: 0, warning: 0, info: 0 };
    for (const o of open) if (o.type in openAlerts) openAlerts[o.type as keyof typeof openAlerts] = o.n;
    const running = instanceList.filter((i) => i.status !== 'maintenance');
    return {
      generatedAt: now.toISOString(),
      status:
        instanceList.length > 0 && running.length === 0
          ? 'maintenance'
          : worstStatus([
              ...running.map((i) => i.status),
              databaseStatus,
              ...routeGroups.map((g) => g.status),
              ...jobList.map((j) => (j.status === 'maintenance' ? 'healthy' : j.status)),
              ...integrationList.map((i) => (i.status === 'maintenance' ? 'healthy' : i.status)),
            ]),
      reportEverySeconds: Math.round(monitor.reportMs / 1000),
      instances: instanceList,
      database: {
        driver: database.driver,
        status: databaseStatus,
        latencyMs: latency === null ? null : Math.round(latency * 10) / 10,
        sizeBytes,
      },
      routeGroups,
      totals: {
        last5: windowStatsOf(total.last5, minutes5),
        last60: windowStatsOf(total.last60, minutes60),
      },
      jobs: jobList,
      integrations: integrationList,
      openAlerts,
    };
  };
}

const resolvedBy = sql<
  string | null
>`coalesce(nullif(trim(concat_ws(' ', ${staffUsers.firstName}, ${staffUsers.lastName})), ''), ${staffUsers.email})`;

const alertColumns = {
  id: systemAlerts.id,
  type: systemAlerts.type,
  conditionKey: systemAlerts.conditionKey,
  message: systemAlerts.message,
  instanceId: systemAlerts.instanceId,
  raisedAt: systemAlerts.raisedAt,
  lastSeenAt: systemAlerts.lastSeenAt,
  resolvedAt: systemAlerts.resolvedAt,
  resolvedBy,
};

type AlertRow = { [K in keyof typeof alertColumns]: unknown } & {
  id: string;
  type: string;
  conditionKey: string;
  message: string;
  instanceId: string | null;
  raisedAt: Date;
  lastSeenAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
};

const toAlert = (r: AlertRow): SystemAlert => ({
  id: r.id,
  type: r.type as SystemAlert['type'],
  conditionKey: r.conditionKey,
  message: r.message,
  instanceId: r.instanceId,
  raisedAt: r.raisedAt.toISOString(),
  lastSeenAt: r.lastSeenAt.toISOString(),
  resolvedAt: iso(r.resolvedAt),
  resolvedBy: r.resolvedAt ? r.resolvedBy : null,
});

/** Alerts, open ones first, newest first; filtered by state and type. */
export async function listAlerts(db: Db, query: AlertListQuery) {
  const where = and(
    query.state === 'open' ? isNull(systemAlerts.resolvedAt) : undefined,
    query.state === 'resolved' ? isNotNull(systemAlerts.resolvedAt) : undefined,
    query.type ? eq(systemAlerts.type, query.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(alertColumns)
      .from(systemAlerts)
      .leftJoin(staffUsers, eq(staffUsers.id, systemAlerts.resolvedByStaffId))
      .where(where)
      .orderBy(
        sql`${systemAlerts.resolvedAt} is not null`,
        desc(systemAlerts.raisedAt),
        desc(systemAlerts.id),
      )
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(systemAlerts).where(where),
  ]);
  return toPage(
    query,
    rows.map((r) => toAlert(r as AlertRow)),
    total?.n ?? 0,
  );
}

/** Staff resolve an open alert: one transaction with its audit row. The condition may raise a new one. */
export async function resolveAlert(db: Db, actor: AuditActor, id: string): Promise<SystemAlert> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(systemAlerts).where(eq(systemAlerts.id, id)).for('update');
    if (!before) throw notFound('Alert not found');
    if (before.resolvedAt) throw conflict('This alert is already resolved.');
    const resolvedAt = new Date();
    await tx
      .update(systemAlerts)
      .set({ resolvedAt, resolvedByStaffId: actor.actorType === 'staff' ? actor.actorId : null })
      .where(eq(systemAlerts.id, id));
    await recordAudit(tx, actor, {
      action: 'resolve_alert',
      resourceType: 'system_alert',
      resourceId: id,
      oldValues: { resolvedAt: null },
      newValues: {
        resolvedAt: resolvedAt.toISOString(),
        type: before.type,
        condition: before.conditionKey,
        message: before.message,
      },
    });
    const [row] = await tx
      .select(alertColumns)
      .from(systemAlerts)
      .leftJoin(staffUsers, eq(staffUsers.id, systemAlerts.resolvedByStaffId))
      .where(eq(systemAlerts.id, id));
    return toAlert(row as AlertRow);
  });
}
