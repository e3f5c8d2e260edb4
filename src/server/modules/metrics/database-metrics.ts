import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { BACKLOG_CAP } from '../../../shared/contracts/system-health';
import type { Database, Db } from '../../db/client';
import type { EngineStatement } from '../../db/engine-statements';
import { emailOutbox } from '../../db/schema';

/**
 * By default a statement that held the embedded database this long is logged (warn): the time a request
 * waits behind it shows on every screen open meanwhile. The jobs' runs are counted slow from the same
 * bound. SLOW_STATEMENT_MS sets another.
 */
export const SLOW_STATEMENT_MS = 250;
/** The log message of a slow statement (`npm run bench` reads these lines from the app's output). */
export const SLOW_STATEMENT_MESSAGE = 'database: slow statement';
/** How much of a slow statement's text the log keeps. */
const STATEMENT_TEXT_CHARS = 500;

/** A scrape waits no longer than this for the outbox count: a slow database must not hang it. */
export const OUTBOX_QUERY_TIMEOUT_MS = 2000;

/** The outbox states the backlog gauge reports. */
const OUTBOX_STATES = ['queued', 'failed'] as const;

/** What node-postgres's Pool tells about itself. */
type PoolStats = { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } };

/** The pg Pool behind the database (Drizzle keeps its client as `$client`); none on embedded PGlite. */
function poolOf(database: Database): PoolStats | null {
  if (database.driver !== 'pg') return null;
  const client = (database.db as unknown as { $client?: Partial<PoolStats> }).$client;
  return typeof client?.totalCount === 'number' ? (client as PoolStats) : null;
}

/**
 * The outbox messages in each reported state, counted in one statement, each state on
 * `email_outbox_status_idx` and no further than BACKLOG_CAP + 1 rows (as System Health's backlogs).
 */
async function outboxBacklog(db: Db): Promise<Map<string, number>> {
  const upTo = (status: string) =>
    sql`(select ${emailOutbox.status} as status from ${emailOutbox} where ${emailOutbox.status} = ${status} limit ${BACKLOG_CAP + 1})`;
  const result = (await db.execute(
    sql`select status, count(*)::int as n from (${sql.join(OUTBOX_STATES.map(upTo), sql` union all `)}) m group by status`,
  )) as unknown as { rows: { status: string; n: number }[] };
  return new Map(result.rows.map((row) => [row.status, Number(row.n)]));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function registerPoolGauges(registry: Registry, pool: PoolStats) {
  const gauges: [string, string, () => number][] = [
    ['motorpool_db_pool_connections', 'Connections the PostgreSQL pool holds open.', () => pool.totalCount],
    ['motorpool_db_pool_idle_connections', 'Open pool connections not in use.', () => pool.idleCount],
    [
      'motorpool_db_pool_waiting_clients',
      'Queries waiting for a pool connection (all are in use).',
      () => pool.waitingCount,
    ],
    [
      'motorpool_db_pool_max_connections',
      'The most connections the pool opens.',
      () => pool.options.max ?? 10,
    ],
  ];
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  }
}

/**
 * The database's metrics: the pool's connections on PostgreSQL (read at scrape time), the periodic
 * health ping's round trips (`recordPing`, from System Health's report: no query is timed on the way),
 * and the outbox backlog, counted at scrape time. When that count fails or takes over
 * OUTBOX_QUERY_TIMEOUT_MS, the scrape goes on without the gauge (its series go stale) and the log says why.
 */
export function registerDatabaseMetrics(
  registry: Registry,
  database: Database,
  log: FastifyBaseLogger,
  slowStatementMs = SLOW_STATEMENT_MS,
) {
  const registers = [registry];
  const pool = poolOf(database);
  if (pool) registerPoolGauges(registry, pool);

  const ping = new Histogram({
    name: 'motorpool_db_ping_duration_seconds',
    help: "Round trip of System Health's periodic `select 1` (HEALTH_REPORT_SECONDS).",
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    registers,
  });
  const pingFailures = new Counter({
    name: 'motorpool_db_ping_failures_total',
    help: "System Health's periodic database pings that got no answer.",
    registers,
  });
  new Gauge({
    name: 'motorpool_email_outbox_messages',
    help: `Outbox messages by state (queued: waiting to be sent; failed: given up), counted up to ${BACKLOG_CAP + 1}.`,
    labelNames: ['status'] as const,
    registers,
    async collect() {
      try {
        const counts = await withTimeout(outboxBacklog(database.db), OUTBOX_QUERY_TIMEOUT_MS);
        for (const status of OUTBOX_STATES) this.set({ status }, counts.get(status) ?? 0);
      } catch (err) {
        this.reset();
        log.warn({ err }, 'metrics: the outbox backlog could not be counted');
      }
    },
  });

  // Embedded only: what each statement held the engine for (a PostgreSQL server times its own with
  // log_min_duration_statement). A slow one is logged with its text, parameters never included.
  const statements = database.onStatement
    ? new Histogram({
        name: 'motorpool_db_statement_duration_seconds',
        help: 'Embedded database only: how long each statement held the engine (every other statement waits meanwhile).',
        buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
        registers,
      })
    : null;

  return {
    recordPing(ms: number | null) {
      if (ms === null) pingFailures.inc();
      else ping.observe(ms / 1000);
    },
    recordStatement({ sql, ms }: EngineStatement) {
      statements?.observe(ms / 1000);
      if (ms >= slowStatementMs) {
        log.warn(
          { ms: Math.round(ms), statement: sql.slice(0, STATEMENT_TEXT_CHARS) },
          SLOW_STATEMENT_MESSAGE,
        );
      }
    },
  };
}
