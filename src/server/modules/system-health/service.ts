import { and, count, desc, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  statusOf,
  worstStatus,
  type AlertListQuery,
  type HealthStatus,
  type SystemAlert,
  type SystemHealth,
} from '../../../shared/contracts/system-health';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { requestMetrics, serverInstances, staffUsers, systemAlerts } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { instanceHealthOf } from './instance-health';
import { readIntegrationHealth } from './integration-health';
import { readJobHealth } from './job-health';
import { minutesCovered } from './latency';
import type { SystemHealthMonitor } from './monitor';
import { trafficOf } from './traffic';

const MINUTE = 60_000;
/** Instances that reported within this long are listed. */
const SEEN_WITHIN_MS = MINUTE;
const SIZE_CACHE_MS = 30_000;

export type HealthDeps = {
  database: Database;
  config: Pick<Config, 'stripe' | 'smtpUrl' | 'externalDbUrl'>;
  monitor: SystemHealthMonitor;
};

/** The database's size, read at most every SIZE_CACHE_MS (the reader's own). */
type SizeCache = { at: number; bytes: number | null };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** `GET /api/admin/system-health`: a reader that keeps the database's size for 30 s between calls. */
export function systemHealthReader(deps: HealthDeps) {
  const size: SizeCache = { at: 0, bytes: null };
  return async function readSystemHealth(now = new Date()): Promise<SystemHealth> {
    return readHealth(deps, size, now);
  };
}

async function databaseSize(db: Db, size: SizeCache) {
  if (Date.now() - size.at < SIZE_CACHE_MS) return size.bytes;
  const rows = await db.execute<{ bytes: string | number }>(
    sql`select pg_database_size(current_database()) as bytes`,
  );
  const first = (Array.isArray(rows) ? rows[0] : (rows as { rows: { bytes: string | number }[] }).rows[0]) as
    { bytes: string | number } | undefined;
  size.at = Date.now();
  size.bytes = first ? Number(first.bytes) : null;
  return size.bytes;
}

async function readHealth(
  { database, config, monitor }: HealthDeps,
  size: SizeCache,
  now: Date,
): Promise<SystemHealth> {
  const db = database.db;
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
    databaseSize(db, size).catch(() => null),
    readJobHealth(db, database.driver, now),
    readIntegrationHealth(db, config),
    db
      .select({ type: systemAlerts.type, n: count() })
      .from(systemAlerts)
      .where(isNull(systemAlerts.resolvedAt))
      .groupBy(systemAlerts.type),
  ]);

  const { routeGroups, perInstance, totals } = trafficOf(metrics, { from5, minutes5, minutes60 });
  const instanceList = instances.map((i) =>
    instanceHealthOf(i, {
      now,
      currentInstanceId: monitor.instanceId,
      last5: perInstance.get(i.instanceId),
      minutes5,
    }),
  );
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
    totals,
    jobs: jobList,
    integrations: integrationList,
    openAlerts,
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
