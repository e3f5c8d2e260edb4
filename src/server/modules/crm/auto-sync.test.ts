import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHubspotServer, type FakeHubspot } from '../../../../tests/fakes/hubspot-server';
import { signUp } from '../../../../tests/setup/customers';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { loadConfig } from '../../config';
import { backgroundJobs, crmIntegrations, customers, staffUsers, systemSettings } from '../../db/schema';
import { runAutoSyncIfDue } from './auto-sync';
import { crmDepsOf } from './deps';
import type { CrmDeps } from './sync';

/*
 * The CRM's automatic sync (modules/crm/auto-sync.ts) against the local HubSpot: due and not due,
 * only what changed, and one run whatever the number of instances checking at once (PostgreSQL).
 */

const ENV = { SETTINGS_ENCRYPTION_KEY: '33'.repeat(32) };
const HOUR = 3_600_000;

let t: TestApp;
let hubspot: FakeHubspot;
let admin: string;
let deps: CrmDeps;

const later = (hours: number): CrmDeps => ({ ...deps, now: () => new Date(Date.now() + hours * HOUR) });
const autoJobs = () => t.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, 'crm:auto'));
const recordCount = async () =>
  (await t.database.db.select({ id: customers.id }).from(customers)).length +
  (await t.database.db.select({ id: staffUsers.id }).from(staffUsers)).length;

beforeAll(async () => {
  hubspot = await startHubspotServer();
  const env = { ...ENV, HUBSPOT_API_URL: hubspot.url };
  t = await createTestApp(env);
  admin = await t.staffCookie('admin@motorpool.local');
  deps = crmDepsOf({ ...t.app.services, config: loadConfig({ NODE_ENV: 'test', ...env }) });
  expect((await t.put(admin, '/api/admin/api-settings', { hubspotApiKey: hubspot.token })).statusCode).toBe(
    200,
  );
});
afterAll(async () => {
  await t.close();
  await hubspot.close();
});
beforeEach(async () => {
  await t.database.db.delete(systemSettings).where(eq(systemSettings.key, 'crm'));
  await t.database.db.delete(crmIntegrations);
  await t.database.db.delete(backgroundJobs);
  hubspot.reset();
});

describe('CRM auto-sync', () => {
  it('does nothing while the integration or auto-sync is off', async () => {
    expect(await runAutoSyncIfDue(deps)).toEqual({ started: false, reason: 'off' });
    await t.put(admin, '/api/admin/crm/config', { enabled: true });
    expect(await runAutoSyncIfDue(deps)).toEqual({ started: false, reason: 'off' });
    expect(await autoJobs()).toHaveLength(0);
  });

  it('runs when due, then sends only what changed since', async () => {
    await t.put(admin, '/api/admin/crm/config', { enabled: true, autoSync: true });
    await t.put(admin, '/api/admin/crm/config', { syncInterval: 6 });
    const changed = await signUp(t);

    const first = await runAutoSyncIfDue(deps);
    expect(first.started).toBe(true);
    await t.app.services.backgroundJobs.idle();
    const [run] = await autoJobs();
    expect(run!.status).toBe('succeeded');
    expect(run!.result).toMatchObject({ synced: await recordCount(), errorCount: 0 });

    // Within the interval: not due.
    expect(await runAutoSyncIfDue(later(5))).toEqual({ started: false, reason: 'not-due' });

    // Due again: nothing changed, so nothing is sent (a touched row with the same fields neither).
    await t.database.db.update(customers).set({ updatedAt: sql`now() + interval '1 minute'` });
    const requests = hubspot.requests.length;
    expect((await runAutoSyncIfDue(later(7))).started).toBe(true);
    await t.app.services.backgroundJobs.idle();
    const quiet = (await autoJobs()).find((j) => j.id !== run!.id)!;
    expect(quiet.result).toMatchObject({ synced: 0, errorCount: 0 });
    expect(hubspot.requests.length).toBe(requests);

    // A changed customer is sent on the next due run, and only it.
    await t.database.db.delete(backgroundJobs).where(eq(backgroundJobs.id, quiet.id));
    await t.database.db
      .update(customers)
      .set({ companyName: 'Renamed Haulage', updatedAt: sql`now() + interval '2 minutes'` })
      .where(eq(customers.id, changed.id));
    expect((await runAutoSyncIfDue(later(7))).started).toBe(true);
    await t.app.services.backgroundJobs.idle();
    const third = (await autoJobs()).find((j) => j.id !== run!.id)!;
    expect(third.result).toMatchObject({ synced: 1, errorCount: 0 });
    const [row] = await t.database.db
      .select()
      .from(crmIntegrations)
      .where(eq(crmIntegrations.entityId, changed.id));
    expect(hubspot.companies.get(row!.crmId!)?.properties.name).toBe('Renamed Haulage');
  });

  it('retries records that failed even when their fields did not change', async () => {
    await t.put(admin, '/api/admin/crm/config', { enabled: true, autoSync: true });
    const bad = await signUp(t);
    hubspot.rejectEmail(bad.email, 'Email address is invalid');
    await runAutoSyncIfDue(deps);
    await t.app.services.backgroundJobs.idle();
    expect((await autoJobs())[0]!.result).toMatchObject({ errorCount: 1 });

    hubspot.reset();
    await t.database.db.delete(backgroundJobs);
    // Everything else is in sync; the failed record goes again (HubSpot's store was emptied, so the
    // others stay as they were: their hash matches).
    await runAutoSyncIfDue(deps);
    await t.app.services.backgroundJobs.idle();
    expect((await autoJobs())[0]!.result).toMatchObject({ synced: 1, errorCount: 0 });
    expect(hubspot.contactByEmail(bad.email)).toBeDefined();
  });

  it('checks "due" again when it starts: a run that finished since the first look stops a second', async () => {
    await t.put(admin, '/api/admin/crm/config', { enabled: true, autoSync: true });
    // This instance has looked (due), and before it starts its job another instance runs one to the end.
    const late: CrmDeps = {
      ...deps,
      jobs: {
        ...deps.jobs,
        start: async (job) => {
          expect((await runAutoSyncIfDue(deps)).started).toBe(true);
          await t.app.services.backgroundJobs.idle();
          return deps.jobs.start(job);
        },
      },
    };
    expect(await runAutoSyncIfDue(late)).toEqual({ started: false, reason: 'not-due' });
    expect(await autoJobs()).toHaveLength(1);
  });

  it('runs once when two instances check at the same moment', async () => {
    await t.put(admin, '/api/admin/crm/config', { enabled: true, autoSync: true });
    const second = await t.secondInstance();
    try {
      const other: CrmDeps = { ...deps, jobs: second.app.services.backgroundJobs, log: second.app.log };
      for (let round = 0; round < 5; round++) {
        const checks = await Promise.all([runAutoSyncIfDue(deps), runAutoSyncIfDue(other)]);
        expect(checks.filter((c) => c.started).length).toBeLessThanOrEqual(1);
        await Promise.all([t.app.services.backgroundJobs.idle(), second.app.services.backgroundJobs.idle()]);
      }
      expect(await autoJobs()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('sends on the next run a company renamed while the previous run was sending it', async () => {
    await t.put(admin, '/api/admin/crm/config', { enabled: true, autoSync: true });
    const customer = await signUp(t);
    // The rename lands after the run read its rows and before it stores their outcome.
    hubspot.beforeAnswer(async ({ path }) => {
      if (path !== '/crm/v3/objects/contacts/batch/upsert') return;
      hubspot.beforeAnswer(null);
      await t.database.db
        .update(customers)
        .set({ companyName: 'Renamed Mid-Sync Ltd', updatedAt: new Date() })
        .where(eq(customers.id, customer.id));
    });
    expect((await runAutoSyncIfDue(deps)).started).toBe(true);
    await t.app.services.backgroundJobs.idle();
    const [row] = await t.database.db
      .select()
      .from(crmIntegrations)
      .where(eq(crmIntegrations.entityId, customer.id));
    expect(hubspot.companies.get(row!.crmId!)?.properties.name).not.toBe('Renamed Mid-Sync Ltd');

    expect((await runAutoSyncIfDue(later(25))).started).toBe(true);
    await t.app.services.backgroundJobs.idle();

    expect(hubspot.companies.get(row!.crmId!)?.properties.name).toBe('Renamed Mid-Sync Ltd');
  });
});
