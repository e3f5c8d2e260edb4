// Start-up of the periodic jobs (docs/background-jobs.md "Periodic jobs"): main.ts starts exactly the
// registry's jobs that are on, in its order, at their configured intervals, and stops them all; each job's
// run, as the registry builds it from the app, does its work on a real database, and its runs reach
// System Health under its name.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { SystemHealth } from '../../shared/contracts/system-health';
import { loadConfig } from '../config';
import { jobRuns } from '../db/schema';
import { recordJobRunsWith, type startPeriodic } from './periodic';
import { jobsOn, PERIODIC_JOBS, type PeriodicJob } from './registry';
import type { Services } from '../services';
import { startJobs } from './start-jobs';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const contextOf = (env: Record<string, string>): Services => ({ ...t.app.services, config: loadConfig(env) });

/** What start-up does with `env`, through a starter that only notes each job it is given. */
function startUp(env: Record<string, string>) {
  const started: { name: string; intervalMs: number; firstRunMs: number }[] = [];
  const built: string[] = [];
  const stopped: string[] = [];
  const jobs: PeriodicJob[] = PERIODIC_JOBS.map((job) => ({
    ...job,
    run: (ctx) => {
      built.push(job.name);
      return job.run(ctx);
    },
  }));
  const start: typeof startPeriodic = (name, _log, _work, { intervalMs, firstRunMs }) => {
    started.push({ name, intervalMs, firstRunMs });
    return async () => void stopped.push(name);
  };
  const stop = startJobs(contextOf(env), { jobs, start });
  return { started, built, stopped, stop };
}

const names = (list: { name: string }[]) => list.map((j) => j.name);
/** The registry's jobs on this run's database: the embedded database's upkeep exists only there. */
const here = () => jobsOn(t.app.services.database.driver);
const onPglite = process.env.MP_TEST_DRIVER !== 'pg';

describe('start-up', () => {
  it('starts every job of the registry, in its order, at the intervals its variables set, and stops them all', () => {
    const { started, built, stopped, stop } = startUp({
      NODE_ENV: 'test',
      BILLING_JOB_INTERVAL_SECONDS: '30',
      EMAIL_DELIVERY_SECONDS: '7',
      EMAIL_AUTOMATION_SECONDS: '90',
      CRM_AUTO_SYNC_CHECK_SECONDS: '120',
    });
    expect(names(started)).toEqual(names(here()));
    expect(built).toEqual(names(started));
    // The names job_runs and the alerts know, and the intervals and first runs main.ts started them
    // with before the registry: a change here is a change of behaviour.
    expect(started).toEqual([
      { name: 'sessions: cleanup', intervalMs: 3_600_000, firstRunMs: 60_000 },
      { name: 'billing: renewals', intervalMs: 30_000, firstRunMs: 0 },
      { name: 'customer health: sweep', intervalMs: 60_000, firstRunMs: 10_000 },
      { name: 'revenue: daily snapshot', intervalMs: 3_600_000, firstRunMs: 15_000 },
      { name: 'refunds: recovery', intervalMs: 60_000, firstRunMs: 15_000 },
      { name: 'audit: seal', intervalMs: 5_000, firstRunMs: 2_000 },
      { name: 'audit: retention', intervalMs: 6 * 3_600_000, firstRunMs: 60_000 },
      { name: 'email: deliver', intervalMs: 7_000, firstRunMs: 2_000 },
      { name: 'email: automation', intervalMs: 90_000, firstRunMs: 20_000 },
      { name: 'crm: auto-sync', intervalMs: 120_000, firstRunMs: 10_000 },
      ...(onPglite ? [{ name: 'database: upkeep', intervalMs: 60_000, firstRunMs: 5_000 }] : []),
    ]);
    expect(stopped).toEqual([]);
    stop();
    expect(stopped).toEqual(names(started));
  });

  it('outside tests, the variables default to billing every minute, email every 5 s and 60 s, the CRM check every 60 s', () => {
    const { started } = startUp({ NODE_ENV: 'development' });
    const interval = (name: string) => started.find((j) => j.name === name)?.intervalMs;
    expect(names(started)).toEqual(names(here()));
    expect(interval('billing: renewals')).toBe(60_000);
    expect(interval('email: deliver')).toBe(5_000);
    expect(interval('email: automation')).toBe(60_000);
    expect(interval('crm: auto-sync')).toBe(60_000);
  });

  it('a job whose interval is 0 is not started and builds nothing: in tests email and the CRM check are off', () => {
    const off = ['email: deliver', 'email: automation', 'crm: auto-sync'];
    const byDefault = startUp({ NODE_ENV: 'test' });
    expect(names(byDefault.started)).toEqual(names(here()).filter((n) => !off.includes(n)));
    expect(byDefault.built).toEqual(names(byDefault.started));
    // BILLING_JOB_INTERVAL_SECONDS=0, as createTestApp sets it: billing is off as well.
    const noBilling = startUp({ NODE_ENV: 'test', BILLING_JOB_INTERVAL_SECONDS: '0' });
    expect(names(noBilling.started)).toEqual(
      names(byDefault.started).filter((n) => n !== 'billing: renewals'),
    );
    expect(noBilling.built).not.toContain('billing: renewals');
  });

  it('main.ts starts jobs only through the registry', () => {
    const main = fs.readFileSync(new URL('../main.ts', import.meta.url), 'utf8');
    const jobModules = [...main.matchAll(/import\('\.\/jobs\/([\w-]+)'\)/g)].map((m) => m[1]);
    expect(jobModules).toEqual(['periodic', 'start-jobs']);
    expect(main).toContain('startJobs(app.services)');
    expect(main).toContain('stopJobs()');
  });
});

describe('the registry', () => {
  it('names each job once', () => {
    expect(new Set(names([...PERIODIC_JOBS])).size).toBe(PERIODIC_JOBS.length);
  });

  it("each job's run, built from the app, does its work", async () => {
    const ctx = contextOf({
      NODE_ENV: 'test',
      EMAIL_DELIVERY_SECONDS: '5',
      EMAIL_AUTOMATION_SECONDS: '60',
      CRM_AUTO_SYNC_CHECK_SECONDS: '60',
    });
    for (const job of here()) {
      const run = job.run(ctx);
      await expect(run(), job.name).resolves.toBeUndefined();
    }
  });

  it("a started job's runs reach job_runs under its name, and System Health shows it under its label", async () => {
    const billing = PERIODIC_JOBS.find((j) => j.name === 'billing: renewals')!;
    const admin = await t.staffCookie('admin@motorpool.local');
    recordJobRunsWith(t.app.services.monitor.recordJobRun);
    const stop = startJobs(contextOf({ NODE_ENV: 'test', BILLING_JOB_INTERVAL_SECONDS: '60' }), {
      jobs: [billing],
    });
    try {
      // Billing's first run is at once.
      for (let i = 0; i < 200; i += 1) {
        const [row] = await t.database.db.select().from(jobRuns).where(eq(jobRuns.job, billing.name));
        if (row) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      stop();
      recordJobRunsWith(null);
    }
    const jobs = (await t.get(admin, '/api/admin/system-health')).json<SystemHealth>().jobs;
    expect(jobs.find((j) => j.job === billing.name)).toMatchObject({
      label: 'Billing renewals',
      outcome: 'ok',
      runs: 1,
      backlogLabel: 'subscriptions due',
    });
  });
});
