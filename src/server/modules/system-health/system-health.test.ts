// System Health (docs/system-health.md): access, figures that move under load, job runs, integration
// status, alerts raised once across instances and resolved with an audit row. The two-instance raise is
// a real race on PostgreSQL: run this file there too.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { jobRuns, requestMetrics, subscriptions, systemAlerts } from '../../db/schema';
import { loadConfig } from '../../config';
import { startPeriodic } from '../../jobs/periodic';
import { jobsOn } from '../../jobs/registry';
import { PaymentProviderError, type PaymentProvider } from '../../integrations/payments/provider';
import { recordingStatus } from '../../integrations/payments/status';
import { statusOf, type SystemAlert, type SystemHealth } from '../../../shared/contracts/system-health';
import { conditionsOf, raiseAlert } from './alerts';
import {
  addBuckets,
  bucketOf,
  emptyBuckets,
  LATENCY_BOUNDS_MS,
  minutesCovered,
  P95_LINES_MS,
  percentileOf,
} from './latency';
import { systemHealthReader } from './service';

/** A full collection now: V8's own `gc`, exposed for this process without a command-line flag. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

let t: TestApp;
let admin: string;
let manager: string;
let sales: string;
useTestApp(
  { env: { SETTINGS_ENCRYPTION_KEY: '33'.repeat(32) }, staff: ['admin', 'manager', 'sales'] },
  (opened) => ({ t, admin, manager, sales } = opened),
);

const db = () => t.database.db;
const monitor = () => t.app.services.monitor;

async function health(): Promise<SystemHealth> {
  const res = await t.get(admin, '/api/admin/system-health');
  expect(res.statusCode).toBe(200);
  return res.json<SystemHealth>();
}

const openAlerts = (key: string) =>
  db()
    .select()
    .from(systemAlerts)
    .where(and(eq(systemAlerts.conditionKey, key), isNull(systemAlerts.resolvedAt)));

describe('access (tab monitoring: admin and manager)', () => {
  const routes = [
    ['GET', '/api/admin/system-health'],
    ['GET', '/api/admin/system-health/alerts'],
    ['POST', '/api/admin/system-health/alerts/00000000-0000-4000-8000-000000000000/resolve'],
  ] as const;

  it.each(routes)('%s %s: anonymous 401, sales 403', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    const refused = await t.app.inject({ method, url, headers: { cookie: sales } });
    expect(refused.statusCode).toBe(403);
  });

  it('admin and manager read the figures and the alerts', async () => {
    for (const who of [admin, manager]) {
      expect((await t.get(who, '/api/admin/system-health')).statusCode).toBe(200);
      const alerts = await t.get(who, '/api/admin/system-health/alerts?state=open');
      expect(alerts.statusCode).toBe(200);
      expect(alerts.json()).toMatchObject({ page: 1, pageSize: 20 });
    }
  });

  it('refuses a bad filter or id in words', async () => {
    const bad = await t.get(admin, '/api/admin/system-health/alerts?state=closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.state).toBe('State must be open or resolved');
    const id = await t.post(admin, '/api/admin/system-health/alerts/nope/resolve');
    expect(id.statusCode).toBe(400);
    const missing = await t.post(
      manager,
      '/api/admin/system-health/alerts/00000000-0000-4000-8000-000000000000/resolve',
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('figures', () => {
  it('lists this instance, labelled, once it reported', async () => {
    await monitor().report();
    const h = await health();
    const me = h.instances.find((i) => i.current);
    expect(me).toMatchObject({
      instanceId: monitor().instanceId,
      pid: process.pid,
      status: expect.any(String),
    });
    expect(me!.vitals.heapUsedBytes).toBeGreaterThan(0);
    expect(h.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(h.database.sizeBytes).toBeGreaterThan(0);
    expect(h.integrations.map((i) => [i.integration, i.configured, i.mode])).toEqual([
      ['payments', true, 'Sandbox (test cards)'],
      ['email', false, 'Not configured'],
      ['crm', false, 'Not configured'],
      ['external-db', false, 'Not configured'],
    ]);
  });

  it('names the CRM as its screen sets it: configured once its credentials are saved, and whether it is on', async () => {
    const crmMode = async () => (await health()).integrations.find((i) => i.integration === 'crm')!;
    const saved = await t.put(admin, '/api/admin/api-settings', {
      hubspotApiKey: 'pat-na1-health-test-0001',
    });
    expect(saved.statusCode).toBe(200);
    expect(await crmMode()).toMatchObject({ configured: true, mode: 'HubSpot (disabled)' });

    expect((await t.put(admin, '/api/admin/crm/config', { enabled: true, autoSync: true })).statusCode).toBe(
      200,
    );
    expect(await crmMode()).toMatchObject({ configured: true, mode: 'HubSpot, auto-sync every 24 h' });

    // Salesforce chosen without its credentials: not configured, whatever HubSpot holds
    expect((await t.put(admin, '/api/admin/crm/config', { crmType: 'salesforce' })).statusCode).toBe(200);
    expect(await crmMode()).toMatchObject({ configured: false, mode: 'Not configured' });

    await t.put(admin, '/api/admin/crm/config', { crmType: 'hubspot', enabled: false });
    await t.put(admin, '/api/admin/api-settings', { clear: ['hubspotApiKey'] });
    expect(await crmMode()).toMatchObject({ configured: false });
  });

  it('counts requests per route group in memory, without a query per request, and reports them', async () => {
    await monitor().report();
    const before = await health();
    const plansBefore = before.routeGroups.find((g) => g.group === 'plans')?.last5.requests ?? 0;
    const queries = await t.queriesDuring(async () => {
      for (let i = 0; i < 40; i += 1) await t.app.inject({ method: 'GET', url: '/api/plans' });
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    });
    expect(queries.filter((q) => /request_metrics|server_instances/.test(q))).toEqual([]);
    await monitor().report();
    const after = await health();
    const plans = after.routeGroups.find((g) => g.group === 'plans')!;
    expect(plans.last5.requests).toBe(plansBefore + 40);
    expect(plans.last60.requests).toBeGreaterThanOrEqual(plans.last5.requests);
    expect(plans.last5.p95Ms).toBeGreaterThan(0);
    expect(plans.last5.ratePerMinute).toBeGreaterThan(0);
    expect(after.routeGroups.find((g) => g.group === 'unmatched')?.last5.requests).toBeGreaterThanOrEqual(1);
    expect(after.totals.last5.requests).toBeGreaterThan(before.totals.last5.requests + 40);
    const me = after.instances.find((i) => i.current)!;
    expect(me.last5.requests).toBeGreaterThanOrEqual(plans.last5.requests);
  });

  it('names staff routes by their second segment, never by an id', async () => {
    await t.get(admin, '/api/admin/system-health/alerts');
    await t.post(admin, '/api/admin/system-health/alerts/00000000-0000-4000-8000-000000000000/resolve');
    await monitor().report();
    const groups = (await health()).routeGroups.map((g) => g.group);
    expect(groups).toContain('admin/system-health');
    expect(groups.some((g) => g.includes('0000'))).toBe(false);
  });

  it('memory moves when memory is held', async () => {
    // The garbage of earlier tests goes first: collected while the memory below is taken, it would hide it.
    collectGarbage();
    const before = await monitor().report();
    const held: number[][] = [];
    for (let i = 0; i < 64; i += 1) held.push(new Array<number>(131_072).fill(i + 0.5)); // ~64 MB
    const after = await monitor().report();
    expect(after.heapUsedBytes - before.heapUsedBytes).toBeGreaterThan(32 * 1024 * 1024);
    expect(held.length).toBe(64);
  });

  it('event-loop delay moves when the loop is kept busy', async () => {
    let before = await monitor().report();
    const stalled = async () => {
      before = await monitor().report();
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          const until = performance.now() + 300;
          while (performance.now() < until) {
            /* the loop is blocked */
          }
          resolve();
        }, 10),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      return monitor().report();
    };
    // On a loaded CI machine the sampling timer has once been seen to miss one stall: a figure that never
    // moves fails all three tries.
    const key = `event-loop:${monitor().instanceId}`;
    const openBefore = (await openAlerts(key)).length;
    let vitals = await stalled();
    for (let i = 0; i < 2 && vitals.eventLoopDelayMaxMs < 250; i += 1) vitals = await stalled();
    expect(vitals.eventLoopDelayMaxMs).toBeGreaterThanOrEqual(250);
    // One stalled moment is not an alert: a figure alerts when it is over its line at two reports in a row.
    // Checked right after the stall's report, before the health read below reports again. On a loaded
    // machine the report before the stall can be past the warning line already (a collection pause); two
    // in a row then rightly alert, so the rule is checked when that report was healthy.
    if (statusOf('eventLoopDelayMs', before.eventLoopDelayMs) === 'healthy')
      expect((await openAlerts(key)).length).toBe(openBefore);
    const me = (await health()).instances.find((i) => i.current)!;
    expect(me.vitals.eventLoopDelayMaxMs).toBeGreaterThanOrEqual(250);
  });

  it('lists every job of the registry (jobs/registry.ts), in its order, with its label and backlog', async () => {
    const jobs = (await health()).jobs;
    const registered = jobsOn(t.app.services.database.driver);
    expect(
      jobs.slice(0, registered.length).map((j) => [j.job, j.label, j.backlogLabel, j.backlog !== null]),
    ).toEqual(registered.map((j) => [j.name, j.label, j.backlog?.label ?? null, !!j.backlog]));
    // The embedded database's upkeep is listed there only: PostgreSQL runs its own autovacuum.
    expect(jobs.some((j) => j.job === 'database: upkeep')).toBe(t.app.services.database.driver === 'pglite');
    // The labels staff read on the Services tab, as they were before the registry.
    expect(
      Object.fromEntries(jobs.map((j) => [j.job, `${j.label} (${j.backlogLabel ?? 'no backlog'})`])),
    ).toMatchObject({
      'billing: renewals': 'Billing renewals (subscriptions due)',
      'refunds: recovery': 'Refund recovery (refunds pending)',
      'customer health: sweep': 'Customer health sweep (accounts to recompute)',
      'audit: retention': 'Audit retention (no backlog)',
      'crm: auto-sync': 'CRM auto-sync check (no backlog)',
      'sessions: cleanup': 'Ended sessions cleanup (no backlog)',
      'revenue: daily snapshot': 'Daily revenue snapshot (no backlog)',
      'audit: seal': 'Audit chain sealing (unsealed audit rows)',
      'email: deliver': 'Email delivery (emails due)',
      'email: automation': 'Email automation rules (no backlog)',
    });
    // No job runs in tests (main.ts starts them): each is listed before its first run, in maintenance.
    for (const job of jobs.slice(0, registered.length)) {
      expect(job).toMatchObject({ status: 'maintenance', outcome: null, runs: 0 });
    }
  });

  it('a backlog counts what the job still has to do', async () => {
    const read = async () => (await health()).jobs.find((j) => j.job === 'billing: renewals')!;
    const before = await read();
    expect(before.backlogLabel).toBe('subscriptions due');
    const [sub] = await db().select({ id: subscriptions.id }).from(subscriptions).limit(1);
    await db()
      .update(subscriptions)
      .set({ nextActionAt: new Date(Date.now() + 365 * 86_400_000) })
      .where(eq(subscriptions.id, sub!.id));
    const notDue = (await read()).backlog!;
    await db()
      .update(subscriptions)
      .set({ nextActionAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, sub!.id));
    expect((await read()).backlog).toBe(notDue + 1);
  });
});

describe('p95 and rates', () => {
  const MIN = 60_000;
  /** A fixed moment far ahead (30 s into its minute), so the rows of the other tests fall outside its hour. */
  const at = (year: number) => new Date(Date.UTC(year, 0, 1, 12, 0, 30));
  const read = () =>
    systemHealthReader({
      database: t.database,
      config: loadConfig({ NODE_ENV: 'test' }),
      monitor: monitor(),
    });
  const rowsOf = (minute: Date, group: string, requests: number, ms: number) => {
    const latencyBuckets = emptyBuckets();
    latencyBuckets[bucketOf(ms)] = requests;
    return { instanceId: 'rate-test', minute, routeGroup: group, requests, errors: 0, latencyBuckets };
  };
  // The rows lie in the future: the other tests' windows would count them.
  afterEach(() => db().delete(requestMetrics).where(eq(requestMetrics.instanceId, 'rate-test')));

  it('the p95 thresholds are bucket bounds, so a bucket never straddles a status line', () => {
    for (const line of P95_LINES_MS) expect(LATENCY_BOUNDS_MS).toContain(line);
    expect(P95_LINES_MS).toEqual([700, 1000]);
  });

  it.each([
    [600, 'healthy'],
    [699, 'healthy'],
    [700, 'warning'],
    [950, 'warning'],
    [1000, 'error'],
    [1500, 'error'],
  ] as const)('requests of %i ms read a p95 with the status %s', (ms, status) => {
    const buckets = emptyBuckets();
    buckets[bucketOf(ms)] = 100;
    const p95 = percentileOf(buckets, 0.95)!;
    expect(statusOf('p95LatencyMs', p95)).toBe(status);
    // Interpolated inside the bucket, not its upper bound.
    const i = bucketOf(ms);
    expect(p95).toBeGreaterThanOrEqual(i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]!);
    expect(p95).toBeLessThan(LATENCY_BOUNDS_MS[i]!);
  });

  it('interpolates within the bucket that holds the 95th request', () => {
    const buckets = emptyBuckets();
    buckets[bucketOf(50)] = 90; // [50, 100)
    buckets[bucketOf(600)] = 10; // [500, 700): the 95th is the 5th of these 10
    expect(percentileOf(buckets, 0.95)).toBe(590); // 500 + 200 × 4.5 / 10
    // A row of another bucket layout counts no latency.
    expect(addBuckets(emptyBuckets(), [1, 2, 3])).toEqual(emptyBuckets());
  });

  it('a route group at ~600 ms is healthy, at ~800 ms a warning, at ~1200 ms an error', async () => {
    const now = at(2101);
    const minute = new Date(Math.floor(now.getTime() / MIN) * MIN);
    await db()
      .insert(requestMetrics)
      .values([
        rowsOf(minute, 'p95-600', 40, 600),
        rowsOf(minute, 'p95-800', 40, 800),
        rowsOf(minute, 'p95-1200', 40, 1200),
      ]);
    const groups = (await read()(now)).routeGroups;
    const of = (group: string) => groups.find((g) => g.group === group)!;
    expect(of('p95-600')).toMatchObject({ status: 'healthy' });
    expect(of('p95-600').last5.p95Ms).toBeGreaterThan(500);
    expect(of('p95-600').last5.p95Ms).toBeLessThan(700);
    expect(of('p95-800')).toMatchObject({ status: 'warning' });
    expect(of('p95-1200')).toMatchObject({ status: 'error' });
  });

  it('rates divide by the minutes the window covered, not by 5 or 60', async () => {
    const now = at(2102); // 30 s into the minute: the 5-minute window covers 4.5, the hour 59.5
    const minute = Math.floor(now.getTime() / MIN) * MIN;
    await db()
      .insert(requestMetrics)
      .values([
        rowsOf(new Date(minute), 'rates', 500, 5),
        rowsOf(new Date(minute - 30 * MIN), 'rates', 95, 5),
      ]);
    const rates = (await read()(now)).routeGroups.find((g) => g.group === 'rates')!;
    expect(rates.last5).toMatchObject({ requests: 500, ratePerMinute: 111.1 }); // 500 / 4.5
    expect(rates.last60).toMatchObject({ requests: 595, ratePerMinute: 10 }); // 595 / 59.5
    expect(minutesCovered(minute, minute)).toBe(0.1);
  });
});

describe('job runs', () => {
  const waitFor = async <T>(read: () => Promise<T | undefined>) => {
    for (let i = 0; i < 100; i += 1) {
      const value = await read();
      if (value) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('timed out');
  };
  const runOf = (job: string) =>
    db()
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, job))
      .then((rows) => rows[0]);

  it('startPeriodic records each run: start, duration and outcome, and a failure raises an alert', async () => {
    const record = monitor().recordJobRun;
    const stopOk = startPeriodic('test: ok', t.app.log, () => new Promise((r) => setTimeout(r, 30)), {
      intervalMs: 60_000,
      firstRunMs: 0,
      record,
    });
    const ok = await waitFor(() => runOf('test: ok'));
    stopOk();
    expect(ok).toMatchObject({ outcome: 'ok', runs: 1, failures: 0, instanceId: monitor().instanceId });
    expect(ok.durationMs).toBeGreaterThanOrEqual(25);

    const stopFail = startPeriodic(
      'test: failing',
      t.app.log,
      () => Promise.reject(new Error('the disk is full')),
      { intervalMs: 60_000, firstRunMs: 0, record },
    );
    const failed = await waitFor(() => runOf('test: failing'));
    stopFail();
    expect(failed).toMatchObject({ outcome: 'failed', failures: 1, error: 'the disk is full' });
    // The alert is raised after the run is written, in a statement of its own: wait for it too (on
    // PostgreSQL the read above can come between the two).
    const alerts = await waitFor(async () => {
      const open = await openAlerts('job:test: failing');
      return open.length > 0 ? open : undefined;
    });
    expect(alerts).toMatchObject([{ type: 'error' }]);
    const job = (await health()).jobs.find((j) => j.job === 'test: failing')!;
    expect(job).toMatchObject({ status: 'error', outcome: 'failed', runs: 1 });
  });
});

describe('integrations', () => {
  it('records the payments provider answers and failures through the adapter', async () => {
    let mode: 'ok' | 'declined' | 'down' = 'ok';
    const fake = {
      name: 'sandbox',
      refund: async () => {
        if (mode === 'declined') throw new PaymentProviderError('No such charge', 'resource_missing');
        if (mode === 'down')
          throw new PaymentProviderError(
            'The payment provider could not be reached.',
            'api_connection_error',
          );
        return { ref: 're_1' };
      },
    } as unknown as PaymentProvider;
    const provider = recordingStatus(fake);
    const refund = () =>
      provider
        .refund({ chargeRef: 'ch_1', amountCents: 100, idempotencyKey: 'k' } as never)
        .catch(() => null);
    await refund();
    mode = 'declined';
    await refund(); // the provider answered: a success for the integration
    await monitor().report();
    let payments = (await health()).integrations.find((i) => i.integration === 'payments')!;
    expect(payments.status).toBe('healthy');
    expect(payments.lastSuccessAt).not.toBeNull();
    expect(payments.lastFailureAt).toBeNull();

    mode = 'down';
    await refund();
    await monitor().report();
    payments = (await health()).integrations.find((i) => i.integration === 'payments')!;
    expect(payments).toMatchObject({
      status: 'error',
      lastError: 'refund: The payment provider could not be reached.',
    });
    expect(await openAlerts('integration:payments')).toMatchObject([{ type: 'warning' }]);
  });
});

describe('alerts', () => {
  it('two instances crossing the same threshold at once raise one alert', async () => {
    const second = await t.secondInstance();
    try {
      const [a, b] = [t.app.services.monitor, second.app.services.monitor];
      expect(a.instanceId).not.toBe(b.instanceId);
      const vitals = await a.report();
      const slowDb = { ...vitals, databaseLatencyMs: 400 };
      for (let round = 0; round < 10; round += 1) {
        // Each instance raises through its own connection pool, at the same moment.
        await Promise.all(
          [
            { m: a, on: db() },
            { m: b, on: second.app.services.billing.db },
          ].flatMap(({ m, on }) =>
            conditionsOf(m.instanceId, slowDb, new Map())
              .filter((c) => c.conditionKey === 'database:latency')
              .map((c) => raiseAlert(on, c)),
          ),
        );
      }
      const open = await openAlerts('database:latency');
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ type: 'error', message: expect.stringContaining('400 ms') });
    } finally {
      await second.close();
    }
  });

  it('staff resolve an alert: audited, listed as resolved, and a second resolve is refused', async () => {
    await raiseAlert(db(), {
      type: 'warning',
      conditionKey: 'test:resolve',
      message: 'Something crossed its line',
      instanceId: null,
    });
    const list = await t.get(manager, '/api/admin/system-health/alerts?state=open');
    const alert = list.json<{ items: SystemAlert[] }>().items.find((a) => a.conditionKey === 'test:resolve')!;
    expect(alert).toMatchObject({ type: 'warning', resolvedAt: null });

    const res = await t.post(manager, `/api/admin/system-health/alerts/${alert.id}/resolve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, alert: { resolvedBy: 'Morgan Manager' } });
    const [audit] = await auditRowsWhere(t, { action: 'resolve_alert', resourceId: alert.id });
    expect(audit).toMatchObject({
      resourceType: 'system_alert',
      actorEmail: 'manager@motorpool.local',
      newValues: expect.objectContaining({ condition: 'test:resolve' }),
    });

    const again = await t.post(admin, `/api/admin/system-health/alerts/${alert.id}/resolve`);
    expect(again.statusCode).toBe(409);
    const resolved = await t.get(admin, '/api/admin/system-health/alerts?state=resolved');
    expect(resolved.json<{ items: SystemAlert[] }>().items.map((a) => a.id)).toContain(alert.id);

    // Crossed again after it was resolved: a new alert.
    await raiseAlert(db(), {
      type: 'warning',
      conditionKey: 'test:resolve',
      message: 'Again',
      instanceId: null,
    });
    const rows = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(systemAlerts)
      .where(eq(systemAlerts.conditionKey, 'test:resolve'));
    expect(rows[0]!.n).toBe(2);
  });
});
