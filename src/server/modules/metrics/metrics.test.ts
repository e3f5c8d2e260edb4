// GET /metrics (docs/system-health.md, "Metrics"): who may read it, that the text is Prometheus's, and
// that each figure moves with what it counts. The pool gauges need PostgreSQL: run this file there too.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Registry } from 'prom-client';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { startPeriodic } from '../../jobs/periodic';
import { METRICS_LOOPBACK_ONLY_MESSAGE, METRICS_TOKEN_REQUIRED_MESSAGE } from './access';
import { OUTBOX_QUERY_TIMEOUT_MS, registerDatabaseMetrics } from './database-metrics';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of a scrape; throws on a line that is neither a comment nor `name{labels} value`. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE_LINE.exec(line);
    const value = match ? Number(match[3]) : NaN;
    if (!match || (Number.isNaN(value) && match[3] !== 'NaN')) throw new Error(`not a sample: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

async function scrape(app = t.app, headers: Record<string, string> = {}): Promise<Sample[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.body);
}

/** The value of the one sample with this name and (at least) these labels; 0 when there is none yet. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${name}: ${found.length} samples match`);
  return found[0]?.value ?? 0;
}

describe('who may read it', () => {
  it('without METRICS_TOKEN: this machine only, over IPv4 or IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '2001:db8::1']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(403);
      expect(res.json()).toEqual({ message: METRICS_LOOPBACK_ONLY_MESSAGE });
    }
  });

  it('without METRICS_TOKEN: a request a proxy on this machine forwarded is refused', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode).toBe(403);
    }
  });

  describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({ TRUST_PROXY: 'true' });
    });
    afterAll(() => proxied?.close());

    it('the client the proxy names must be this machine too, not only the socket', async () => {
      const forwarded = await proxied.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(forwarded.statusCode).toBe(403);
      const local = await proxied.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
    });
  });

  describe('with METRICS_TOKEN', () => {
    const token = 'scrape-me-0123456789abcdef';
    let guarded: TestApp;
    beforeAll(async () => {
      guarded = await createTestApp({ METRICS_TOKEN: token });
    });
    afterAll(() => guarded?.close());

    it('only `Authorization: Bearer <token>` reads it, from anywhere; loopback alone is not enough', async () => {
      const get = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        guarded.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
      const wrong: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${token}x` },
        { authorization: 'Bearer ' },
        { authorization: token },
      ];
      for (const headers of wrong) {
        const refused = await get(headers);
        expect(refused.statusCode).toBe(401);
        expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(refused.json()).toEqual({ message: METRICS_TOKEN_REQUIRED_MESSAGE });
      }
      expect((await get({ authorization: `Bearer ${token}` }, '203.0.113.7')).statusCode).toBe(200);
    });
  });

  it('is not in the OpenAPI document', () => {
    expect(Object.keys((t.app.swagger() as { paths: object }).paths)).not.toContain('/metrics');
  });
});

describe('what it says', () => {
  it('is Prometheus text: every line a comment or `name{labels} value`, Node and our own metrics', async () => {
    const names = new Set((await scrape()).map((s) => s.name));
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_active_handles_total',
      'nodejs_eventloop_lag_p99_seconds',
      'motorpool_email_outbox_messages',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('a request moves its counter and its histogram by exactly one, under the route pattern', async () => {
    const route = { method: 'GET', route: '/api/fleet/vehicles/:id' };
    const before = await scrape();
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: `/api/fleet/vehicles/${id}` })).statusCode).toBe(401);
    const after = await scrape();
    const counted = { ...route, status_class: '4xx' };
    expect(valueOf(after, 'motorpool_http_requests_total', counted)).toBe(
      valueOf(before, 'motorpool_http_requests_total', counted) + 1,
    );
    const timed = 'motorpool_http_request_duration_seconds_count';
    expect(valueOf(after, timed, route)).toBe(valueOf(before, timed, route) + 1);
    expect(valueOf(after, 'motorpool_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      valueOf(after, timed, route),
    );
    // The path's id never becomes a label; the scrape itself is not API traffic.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);
    expect(after.some((s) => s.labels.route === '/metrics')).toBe(false);
  });

  it('a path no route matches counts as `unmatched`', async () => {
    const labels = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    const before = valueOf(await scrape(), 'motorpool_http_requests_total', labels);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' })).statusCode).toBe(404);
    expect(valueOf(await scrape(), 'motorpool_http_requests_total', labels)).toBe(before + 1);
  });

  it('a failing job run moves its failure counter; its last duration is kept', async () => {
    const job = { job: 'test: metrics failing' };
    const before = await scrape();
    expect(valueOf(before, 'motorpool_job_failures_total', job)).toBe(0);
    let ran = 0;
    const stop = startPeriodic(
      job.job,
      t.app.log,
      async () => {
        ran += 1;
        throw new Error('the disk is full');
      },
      { intervalMs: 60_000, firstRunMs: 0, record: t.app.services.monitor.recordJobRun },
    );
    let after = before;
    for (let i = 0; i < 100 && valueOf(after, 'motorpool_job_runs_total', job) === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      after = await scrape();
    }
    stop();
    expect(ran).toBe(1);
    expect(valueOf(after, 'motorpool_job_runs_total', job)).toBe(1);
    expect(valueOf(after, 'motorpool_job_failures_total', job)).toBe(1);
    expect(valueOf(after, 'motorpool_job_last_duration_seconds', job)).toBeGreaterThanOrEqual(0);
    // Every run is in the duration histogram too: one run, in the +Inf bucket and in the count.
    expect(valueOf(after, 'motorpool_job_duration_seconds_count', job)).toBe(1);
    expect(valueOf(after, 'motorpool_job_duration_seconds_bucket', { ...job, le: '+Inf' })).toBe(1);
    expect(valueOf(after, 'motorpool_job_last_finished_timestamp_seconds', job)).toBeGreaterThan(0);
  });

  it('the outbox gauge equals the queued and the failed rows', async () => {
    const rowsIn = async (status: 'queued' | 'failed') =>
      (await t.database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, status)))[0]!
        .n;
    const email = `metrics.${Date.now()}@example.com`;
    const queued = await t.app.services.email.queue(t.database.db, {
      template: 'password_changed',
      to: { email, name: 'Pat Lee' },
      data: { firstName: 'Pat', lastName: 'Lee', email, signInUrl: 'http://localhost/customer-login' },
    });
    expect(queued.status).toBe('queued');
    const samples = await scrape();
    expect(await rowsIn('queued')).toBeGreaterThan(0);
    for (const status of ['queued', 'failed'] as const) {
      expect(valueOf(samples, 'motorpool_email_outbox_messages', { status }), status).toBe(
        await rowsIn(status),
      );
    }
  });

  it('a database that does not answer delays the scrape by the timeout, then it goes on without the outbox', async () => {
    const stuck = { driver: 'pglite', db: { execute: () => new Promise(() => undefined) } };
    const registry = new Registry();
    const warn = vi.fn();
    registerDatabaseMetrics(registry, stuck as unknown as Database, { warn } as unknown as FastifyBaseLogger);
    const started = performance.now();
    const samples = parse(await registry.metrics());
    expect(performance.now() - started).toBeLessThan(OUTBOX_QUERY_TIMEOUT_MS + 1000);
    expect(samples.some((s) => s.name === 'motorpool_email_outbox_messages')).toBe(false);
    expect(valueOf(samples, 'motorpool_db_ping_failures_total')).toBe(0);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("System Health's periodic ping feeds the database latency histogram", async () => {
    const name = 'motorpool_db_ping_duration_seconds_count';
    const before = valueOf(await scrape(), name);
    await t.app.services.monitor.report();
    expect(valueOf(await scrape(), name)).toBe(before + 1);
  });

  it('the pool gauges: on PostgreSQL the pool as it is, on embedded PGlite none', async () => {
    const samples = await scrape();
    if (t.database.driver === 'pglite') {
      expect(samples.some((s) => s.name.startsWith('motorpool_db_pool_'))).toBe(false);
      return;
    }
    expect(valueOf(samples, 'motorpool_db_pool_max_connections')).toBe(4); // the tests' pool size
    const total = valueOf(samples, 'motorpool_db_pool_connections');
    expect(total).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'motorpool_db_pool_idle_connections')).toBeLessThanOrEqual(total);
    expect(valueOf(samples, 'motorpool_db_pool_waiting_clients')).toBe(0);
  });
});

describe("the embedded database's statements", () => {
  it('each statement moves the histogram; one of 250 ms or more is logged with its text, never its values', async () => {
    const name = 'motorpool_db_statement_duration_seconds_count';
    if (t.database.driver === 'pg') {
      // PostgreSQL times its own (log_min_duration_statement): no histogram of ours.
      expect((await scrape()).some((s) => s.name.startsWith('motorpool_db_statement_duration'))).toBe(false);
      return;
    }
    const registry = new Registry();
    const warn = vi.fn();
    const metrics = registerDatabaseMetrics(registry, t.database, { warn } as unknown as FastifyBaseLogger);
    const stop = t.database.onStatement!(metrics.recordStatement);
    try {
      await t.database.db.execute(sql`select ${'quick-value'}::text`);
      await t.database.db.execute(sql`select pg_sleep(${0.3}), ${'secret-value'}::text`);
    } finally {
      stop();
    }
    expect(valueOf(parse(await registry.metrics()), name)).toBe(2);
    expect(warn).toHaveBeenCalledOnce();
    const [fields, message] = warn.mock.calls[0]! as [{ ms: number; statement: string }, string];
    expect(message).toBe('database: slow statement');
    expect(fields.ms).toBeGreaterThanOrEqual(300);
    expect(fields.statement).toContain('pg_sleep($1)');
    expect(JSON.stringify(fields)).not.toContain('secret-value');
  });

  it("the app's own registry counts the statements its requests run", async () => {
    if (t.database.driver === 'pg') return;
    const name = 'motorpool_db_statement_duration_seconds_count';
    const before = valueOf(await scrape(), name);
    const statements = await t.queriesDuring(() => t.app.inject({ method: 'GET', url: '/api/plans' }));
    expect(statements.length).toBeGreaterThan(0);
    expect(valueOf(await scrape(), name)).toBeGreaterThanOrEqual(before + statements.length);
  });
});
