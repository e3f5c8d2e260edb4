import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InstanceVitals } from '../../../shared/contracts/system-health';
import type { Database, Db } from '../../db/client';
import { jobRuns, requestMetrics, serverInstances } from '../../db/schema';
import { createMetrics, type Metrics } from '../metrics';
import { conditionsOf, raiseAlert, type AlertCondition } from './alerts';
import { flushIntegrationStatus } from './integration-status';
import { jobRunRecorder } from './job-runs';
import { LATENCY_BOUNDS_MS } from './latency';
import { routeGroupOf, RequestMeter } from './request-meter';
import { VitalsSampler } from './vitals';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** request_metrics rows older than this are deleted (the screen reads the last hour). */
export const METRICS_KEPT_MS = 2 * DAY;
/** An instance that has not reported for this long is listed as gone (info alert), then forgotten. */
const GONE_AFTER_MS = 2 * MINUTE;
const PRUNE_EVERY_MS = 10 * MINUTE;

export type SystemHealthMonitor = {
  instanceId: string;
  hostname: string;
  startedAt: Date;
  reportMs: number;
  meter: RequestMeter;
  /** The same figures for Prometheus (`GET /metrics`), fed by the hooks and recorders here. */
  metrics: Metrics;
  /** Measures this instance and writes its report (vitals, request minutes, integration marks, alerts). */
  report(options?: { stopping?: boolean }): Promise<InstanceVitals>;
  recordJobRun: ReturnType<typeof jobRunRecorder>;
};

/** What a report needs and what it carries to the next one. */
type Reporter = {
  database: Database;
  instanceId: string;
  hostname: string;
  startedAt: Date;
  meter: RequestMeter;
  sampler: VitalsSampler;
  metrics: Metrics;
  lastPrune: number;
  /** The conditions over their line at the previous report. */
  crossedBefore: Set<string>;
};

/**
 * Puts System Health's measurements on the app: an `onResponse` hook counts each API request in memory
 * (no query per request), and every `reportMs` the instance writes its report, one statement per table.
 * `reportMs` 0 measures but never reports by itself (tests call `report()`). The Prometheus metrics are
 * fed from the same places (the hook, the job-run recorder, the report's ping, the vitals' event-loop
 * histogram), so each figure is measured once.
 */
export function registerSystemHealth(
  app: FastifyInstance,
  { database, reportMs, slowStatementMs }: { database: Database; reportMs: number; slowStatementMs: number },
): SystemHealthMonitor {
  const hostname = os.hostname();
  const sampler = new VitalsSampler();
  const reporter: Reporter = {
    database,
    instanceId: `${hostname}-${process.pid}-${randomBytes(3).toString('hex')}`.slice(0, 200),
    hostname,
    startedAt: new Date(),
    meter: new RequestMeter(),
    sampler,
    metrics: createMetrics({
      database,
      latencyBoundsMs: LATENCY_BOUNDS_MS,
      eventLoop: () => sampler.eventLoopWindow(),
      log: app.log,
      slowStatementMs,
    }),
    lastPrune: 0,
    crossedBefore: new Set<string>(),
  };
  const { instanceId, startedAt, meter, metrics } = reporter;
  const stopTimingStatements = database.onStatement?.(metrics.recordStatement);
  if (stopTimingStatements) app.addHook('onClose', async () => void stopTimingStatements());
  const writeJobRun = jobRunRecorder(database.db, instanceId);
  let reporting: Promise<unknown> = Promise.resolve();

  app.addHook('onResponse', async (request, reply) => {
    const pattern = request.routeOptions.url;
    const group = routeGroupOf(pattern, request.url);
    if (!group) return;
    meter.record(group, reply.statusCode, reply.elapsedTime);
    const route = group === 'unmatched' || !pattern ? 'unmatched' : pattern;
    metrics.recordRequest(request.method, route, reply.statusCode, reply.elapsedTime);
  });

  const monitor: SystemHealthMonitor = {
    instanceId,
    hostname,
    startedAt,
    reportMs,
    meter,
    metrics,
    report: ({ stopping = false } = {}) => {
      // One report at a time; a failed one does not stop the next.
      const next = reporting.catch(() => undefined).then(() => writeReport(reporter, stopping));
      reporting = next;
      return next;
    },
    recordJobRun: (job, run) => {
      metrics.recordJobRun(job, run);
      return writeJobRun(job, run);
    },
  };
  scheduleReports(app, monitor, reporter.sampler);
  return monitor;
}

/** Reports every `reportMs` from the start, and a last time, marked stopping, when the app closes. */
function scheduleReports(app: FastifyInstance, monitor: SystemHealthMonitor, sampler: VitalsSampler) {
  if (monitor.reportMs > 0) {
    const timer = setInterval(() => {
      monitor.report().catch((err: unknown) => app.log.warn({ err }, 'system health: report failed'));
    }, monitor.reportMs);
    timer.unref();
    // The first report once the app listens, not at ready: its eight statements ran before `listen`
    // and held up the first answer of every start (77 ms on the embedded database).
    app.addHook('onListen', async () => {
      monitor.report().catch((err: unknown) => app.log.warn({ err }, 'system health: report failed'));
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await monitor
        .report({ stopping: true })
        .catch((err: unknown) => app.log.warn({ err }, 'system health: last report failed'));
      sampler.stop();
    });
  } else {
    app.addHook('onClose', async () => sampler.stop());
  }
}

async function writeReport(reporter: Reporter, stopping: boolean): Promise<InstanceVitals> {
  const { database, instanceId, hostname, startedAt, meter } = reporter;
  const db = database.db;
  const latency = await database.ping().catch(() => null);
  reporter.metrics.recordDatabasePing(latency);
  const vitals = reporter.sampler.sample(latency, stopping);
  const now = new Date();
  await db
    .insert(serverInstances)
    .values({ instanceId, hostname, pid: process.pid, startedAt, lastSeenAt: now, vitals })
    .onConflictDoUpdate({
      target: serverInstances.instanceId,
      set: { lastSeenAt: sql`excluded.last_seen_at`, vitals: sql`excluded.vitals` },
    });
  await meter.flush(db, instanceId);
  const failures = await flushIntegrationStatus(db);
  // A figure alerts when it is over its line at two reports in a row: one busy moment (the start-up,
  // a single slow request) is not an alert.
  const crossed = conditionsOf(instanceId, vitals, meter.tallySince(now.getTime() - 5 * MINUTE));
  const conditions = crossed.filter((c) => reporter.crossedBefore.has(c.conditionKey));
  reporter.crossedBefore = new Set(crossed.map((c) => c.conditionKey));
  for (const f of failures) {
    conditions.push({
      type: 'warning',
      conditionKey: `integration:${f.integration}`,
      message: `${f.integration}: ${f.error}`,
      instanceId,
    });
  }
  conditions.push(...(await goneInstances(db, now)));
  for (const c of conditions) await raiseAlert(db, c, now);
  if (now.getTime() - reporter.lastPrune > PRUNE_EVERY_MS) {
    reporter.lastPrune = now.getTime();
    await prune(db, now);
  }
  return vitals;
}

/** Instances that stopped reporting without shutting down, within the window after they went quiet. */
async function goneInstances(db: Db, now: Date): Promise<AlertCondition[]> {
  const gone = await db
    .select({ instanceId: serverInstances.instanceId, vitals: serverInstances.vitals })
    .from(serverInstances)
    .where(
      and(
        lt(serverInstances.lastSeenAt, new Date(now.getTime() - GONE_AFTER_MS)),
        sql`${serverInstances.lastSeenAt} > ${new Date(now.getTime() - 2 * GONE_AFTER_MS)}`,
      ),
    );
  return gone
    .filter((g) => g.vitals.stopping !== true)
    .map((g) => ({
      type: 'info' as const,
      conditionKey: `instance-gone:${g.instanceId}`,
      message: `Instance ${g.instanceId} stopped reporting without shutting down`,
      instanceId: g.instanceId,
    }));
}

async function prune(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - METRICS_KEPT_MS);
  await db.delete(requestMetrics).where(lt(requestMetrics.minute, cutoff));
  await db.delete(serverInstances).where(lt(serverInstances.lastSeenAt, cutoff));
  await db.delete(jobRuns).where(lt(jobRuns.lastStartedAt, new Date(now.getTime() - 7 * DAY)));
  // Alerts stay: open ones until staff resolve them, resolved ones as the history.
}
