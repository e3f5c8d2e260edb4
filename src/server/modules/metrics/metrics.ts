import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import type { EngineStatement } from '../../db/engine-statements';
import type { JobRunRecorder } from '../../jobs/periodic';
import { registerDatabaseMetrics } from './database-metrics';
import { registerNodeMetrics, type EventLoopWindow } from './node-metrics';

export type MetricsOptions = {
  database: Database;
  /** System Health's latency bucket bounds (ms): the histogram uses the same, in seconds. */
  latencyBoundsMs: readonly number[];
  /** System Health's event-loop delay, the process's one `monitorEventLoopDelay`. */
  eventLoop: () => EventLoopWindow;
  log: FastifyBaseLogger;
  /** Embedded database: statements that held it this long are logged (SLOW_STATEMENT_MS). */
  slowStatementMs?: number;
};

/** A job run as the metrics take it: what `startPeriodic` hands its recorder. */
type JobRun = Parameters<JobRunRecorder>[1];

/**
 * This app's Prometheus metrics (docs/system-health.md, "Metrics"), in a registry of its own (never
 * prom-client's global one, so every app, and every test's, has its own). They are fed by what System
 * Health already measures (its request hook, its job-run recorder, its database ping, its event-loop
 * histogram): nothing is measured twice. The database figures are read at scrape time.
 */
export type Metrics = {
  registry: Registry;
  /** One answered API request: `route` is the route's pattern (or `unmatched`), never the path. */
  recordRequest(method: string, route: string, statusCode: number, ms: number): void;
  recordJobRun(job: string, run: JobRun): void;
  /** The periodic health ping's round trip in ms, or null when the database did not answer. */
  recordDatabasePing(ms: number | null): void;
  /** Embedded only: a statement and the time it held the engine (`Database.onStatement`). */
  recordStatement(statement: EngineStatement): void;
};

const statusClassOf = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

/** Seconds; 0.25 is where a run starts to show as a stall on the screens (docs/system-health.md). */
export const JOB_DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  const registers = [registry];
  registerNodeMetrics(registry, options.eventLoop);
  const database = registerDatabaseMetrics(registry, options.database, options.log, options.slowStatementMs);

  const requests = new Counter({
    name: 'motorpool_http_requests_total',
    help: 'API requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'motorpool_http_request_duration_seconds',
    help: 'Time to answer an API request, by method and route pattern (System Health buckets).',
    labelNames: ['method', 'route'] as const,
    buckets: options.latencyBoundsMs.map((ms) => ms / 1000),
    registers,
  });
  const serverErrors = new Counter({
    name: 'motorpool_http_server_errors_total',
    help: 'API requests answered with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers,
  });

  const jobLabels = ['job'] as const;
  const jobRuns = new Counter({
    name: 'motorpool_job_runs_total',
    help: 'Runs of each periodic job on this instance, failed ones included.',
    labelNames: jobLabels,
    registers,
  });
  const jobFailures = new Counter({
    name: 'motorpool_job_failures_total',
    help: 'Failed runs of each periodic job on this instance.',
    labelNames: jobLabels,
    registers,
  });
  const jobLastDuration = new Gauge({
    name: 'motorpool_job_last_duration_seconds',
    help: "How long each periodic job's last run on this instance took.",
    labelNames: jobLabels,
    registers,
  });
  // Every run's duration, not only the last: a run that holds the embedded database for half a second
  // shows as a latency spike on every screen, and the last-run gauge hides it behind the next short run.
  const jobDuration = new Histogram({
    name: 'motorpool_job_duration_seconds',
    help: 'How long each run of each periodic job on this instance took.',
    labelNames: jobLabels,
    buckets: JOB_DURATION_BUCKETS,
    registers,
  });
  const jobLastFinished = new Gauge({
    name: 'motorpool_job_last_finished_timestamp_seconds',
    help: "When each periodic job's last run on this instance ended (Unix time).",
    labelNames: jobLabels,
    registers,
  });

  return {
    registry,
    recordRequest(method, route, statusCode, ms) {
      requests.inc({ method, route, status_class: statusClassOf(statusCode) });
      duration.observe({ method, route }, ms / 1000);
      if (statusCode >= 500) serverErrors.inc({ method, route });
    },
    recordJobRun(job, { startedAt, durationMs, error }) {
      jobRuns.inc({ job });
      // Counted from 0 at the first run, so the first failure is an increase a rate can see.
      jobFailures.inc({ job }, error === undefined ? 0 : 1);
      jobLastDuration.set({ job }, durationMs / 1000);
      jobDuration.observe({ job }, durationMs / 1000);
      jobLastFinished.set({ job }, (startedAt.getTime() + durationMs) / 1000);
    },
    recordDatabasePing: database.recordPing,
    recordStatement: database.recordStatement,
  };
}
