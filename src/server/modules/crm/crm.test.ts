import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHubspotServer, type FakeHubspot } from '../../../../tests/fakes/hubspot-server';
import { startSalesforceServer, type FakeSalesforce } from '../../../../tests/fakes/salesforce-server';
import { staffWith } from '../../../../tests/setup/staff';
import { signUp } from '../../../../tests/setup/customers';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import type { BackgroundJob } from '../../../shared/contracts/background-jobs';
import {
  auditLogs,
  backgroundJobs,
  crmIntegrations,
  customers,
  staffUsers,
  systemSettings,
} from '../../db/schema';

/*
 * CRM Integration through the real HubSpot adapter against a local HubSpot-speaking server
 * (tests/fakes/hubspot-server.ts): configuration rules, refusals, bulk and per-record syncs.
 */

let t: TestApp;
let hubspot: FakeHubspot;
let salesforce: FakeSalesforce;
let admin: string;

const CONFIG = '/api/admin/crm/config';

async function resetCrm() {
  await t.database.db.delete(systemSettings).where(eq(systemSettings.key, 'crm'));
  await t.database.db.delete(crmIntegrations);
  await t.database.db.delete(backgroundJobs);
  hubspot.reset();
  salesforce.reset();
}

async function enableHubspot() {
  const key = await t.put(admin, '/api/admin/api-settings', { hubspotApiKey: hubspot.token });
  expect(key.statusCode).toBe(200);
  const res = await t.put(admin, CONFIG, { enabled: true, crmType: 'hubspot' });
  expect(res.statusCode).toBe(200);
}

/** Starts a bulk sync, waits for it, and answers the finished job. */
async function bulkSync(entity: 'customers' | 'users'): Promise<BackgroundJob> {
  const res = await t.post(admin, `/api/admin/crm/sync/bulk/${entity}`, {});
  expect(res.statusCode, res.body).toBe(202);
  const { job } = res.json<{ job: BackgroundJob }>();
  await t.app.services.backgroundJobs.idle();
  const done = await t.get(admin, `/api/admin/crm/jobs/${job.id}`);
  expect(done.statusCode).toBe(200);
  return done.json<BackgroundJob>();
}

const customerCount = async () => (await t.database.db.select({ id: customers.id }).from(customers)).length;

beforeAll(async () => {
  hubspot = await startHubspotServer();
  salesforce = await startSalesforceServer();
  t = await createTestApp({ SETTINGS_ENCRYPTION_KEY: '22'.repeat(32), HUBSPOT_API_URL: hubspot.url });
  admin = await t.staffCookie('admin@motorpool.local');
});
afterAll(async () => {
  await t.close();
  await hubspot.close();
  await salesforce.close();
});
beforeEach(resetCrm);

describe('CRM configuration', () => {
  it('starts disabled on HubSpot with auto-sync off every 24 hours', async () => {
    const res = await t.get(admin, CONFIG);
    expect(res.json()).toEqual({ enabled: false, crmType: 'hubspot', autoSync: false, syncInterval: 24 });
  });

  it('allows auto-sync only while enabled and the interval only while both are on', async () => {
    const early = await t.put(admin, CONFIG, { autoSync: true });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.autoSync).toMatch(/Enable the CRM integration/);
    const interval = await t.put(admin, CONFIG, { enabled: true, syncInterval: 6 });
    expect(interval.statusCode).toBe(400);
    expect(interval.json().errors.syncInterval).toMatch(/auto-sync/);
    expect((await t.get(admin, CONFIG)).json().enabled).toBe(false); // nothing of a refused change kept

    expect((await t.put(admin, CONFIG, { enabled: true, autoSync: true })).statusCode).toBe(200);
    const saved = await t.put(admin, CONFIG, { syncInterval: 6, crmType: 'salesforce' });
    expect(saved.json()).toEqual({ enabled: true, crmType: 'salesforce', autoSync: true, syncInterval: 6 });
    // The same interval sent again with auto-sync off is no change, not a refusal (a whole form).
    const off = await t.put(admin, CONFIG, { enabled: false, syncInterval: 6 });
    expect(off.json()).toEqual({ enabled: false, crmType: 'salesforce', autoSync: false, syncInterval: 6 });
  });

  it('refuses values outside the allowed ones with a 400 naming the field', async () => {
    const res = await t.put(admin, CONFIG, { syncInterval: 7, crmType: 'pipedrive' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['crmType', 'syncInterval']);
  });

  it('audits each change with the old and new values', async () => {
    await t.put(admin, CONFIG, { enabled: true });
    const rows = await auditRowsWhere(t, { resourceType: 'settings', resourceId: 'crm' });
    expect(rows.at(-1)).toMatchObject({ oldValues: { enabled: false }, newValues: { enabled: true } });
  });
});

describe('who may do what', () => {
  it('keeps sales and managers out of the tab', async () => {
    for (const role of ['sales', 'manager'] as const) {
      const { cookie } = await staffWith(t, role);
      expect((await t.get(cookie, CONFIG)).statusCode).toBe(403);
      expect((await t.get(cookie, '/api/admin/crm/customers')).statusCode).toBe(403);
      expect((await t.post(cookie, '/api/admin/crm/sync/bulk/customers', {})).statusCode).toBe(403);
    }
  });

  it('declares canEditSettings on every change; an admin passes it even with it off', async () => {
    const changes = t.app.accessTable.filter(
      (r) => r.url.startsWith('/api/admin/crm/') && r.method !== 'GET',
    );
    expect(changes.length).toBe(6);
    for (const route of changes) expect(route.access).toEqual({ tab: 'crm', permission: 'canEditSettings' });
    const flagless = await staffWith(t, 'admin', { canEditSettings: false });
    expect((await t.put(flagless.cookie, CONFIG, { enabled: true })).statusCode).toBe(200);
  });

  it('refuses to sync while disabled, and says which key is missing once enabled', async () => {
    const [c] = await t.database.db.select({ id: customers.id }).from(customers).limit(1);
    const off = await t.post(admin, `/api/admin/crm/sync/customer/${c!.id}`, {});
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/CRM sync is disabled/);
    expect((await t.post(admin, '/api/admin/crm/sync/bulk/users', {})).statusCode).toBe(409);

    await t.put(admin, '/api/admin/api-settings', { clear: ['hubspotApiKey'] });
    await t.put(admin, CONFIG, { enabled: true });
    const noKey = await t.post(admin, '/api/admin/crm/sync/bulk/customers', {});
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json().message).toBe('Add the HubSpot API key in System Settings → API Keys');
    expect((await t.get(admin, '/api/admin/crm/status')).json().blocked).toBe(noKey.json().message);
    expect(hubspot.requests).toHaveLength(0);
  });
});

describe("the customers tab's count", () => {
  /** The tab's total for a filter, and the same count made from scratch. */
  async function totals(filter: '' | 'success' | 'never') {
    const page = await t.get(admin, `/api/admin/crm/customers?page=2${filter ? `&status=${filter}` : ''}`);
    expect(page.statusCode).toBe(200);
    const synced = new Set(
      (await t.database.db.select({ id: crmIntegrations.entityId }).from(crmIntegrations)).map((r) => r.id),
    );
    const all = (await t.database.db.select({ id: customers.id }).from(customers)).map((r) => r.id);
    const fromScratch = all.filter((id) =>
      filter === 'success' ? synced.has(id) : filter === 'never' ? !synced.has(id) : true,
    ).length;
    return { shown: page.json<{ total: number }>().total, fromScratch };
  }
  const expectTrue = async (filter: '' | 'success' | 'never') => {
    const { shown, fromScratch } = await totals(filter);
    expect(shown, filter || 'every customer').toBe(fromScratch);
  };

  it('is kept while customers and their records stand: a commit elsewhere does not count them again', async () => {
    await expectTrue('');
    await t.database.db.execute(sql`insert into app_meta (key, value) values ('crm-kept-test', 'x')
      on conflict (key) do update set value = excluded.value`);
    const seen = await t.queriesDuring(() => t.get(admin, '/api/admin/crm/customers?page=2'));
    expect(seen.filter((q) => /^select count\(\*\)/i.test(q.trim()))).toEqual([]);
  });

  it('follows sign-ups, syncs and deletions, per filter', async () => {
    await enableHubspot();
    for (const filter of ['', 'success', 'never'] as const) await expectTrue(filter);
    const c = await signUp(t);
    for (const filter of ['', 'success', 'never'] as const) await expectTrue(filter);
    expect((await t.post(admin, `/api/admin/crm/sync/customer/${c.id}`, {})).statusCode).toBe(200);
    for (const filter of ['', 'success', 'never'] as const) await expectTrue(filter);
    await bulkSync('customers');
    for (const filter of ['', 'success', 'never'] as const) await expectTrue(filter);
    expect((await t.delete(admin, `/api/admin/customers/${c.id}`)).statusCode).toBeLessThan(300);
    for (const filter of ['', 'success', 'never'] as const) await expectTrue(filter);
    await t.database.db.delete(crmIntegrations);
    for (const filter of ['', 'success', 'never'] as const) await expectTrue(filter);
  });
});

describe('syncing to HubSpot', () => {
  it('bulk-syncs every customer through a 429, and a second sync updates without duplicates', async () => {
    await enableHubspot();
    await signUp(t);
    await signUp(t);
    const total = await customerCount();
    hubspot.failNext(1, { status: 429, retryAfterSeconds: 1 });

    const first = await bulkSync('customers');
    expect(first.status).toBe('succeeded');
    expect(first.result).toEqual({ synced: total, errors: [], errorCount: 0 });
    expect(first.done).toBe(total);
    expect(hubspot.requests[0]!.status).toBe(429);
    expect(hubspot.contacts.size).toBe(total);
    expect(hubspot.companies.size).toBe(total);
    const rows = await t.database.db.select().from(crmIntegrations);
    expect(rows).toHaveLength(total);
    expect(rows.every((r) => r.syncStatus === 'success' && r.crmId && hubspot.companies.has(r.crmId))).toBe(
      true,
    );

    const second = await bulkSync('customers');
    expect(second.result?.synced).toBe(total);
    expect(hubspot.contacts.size).toBe(total);
    expect(hubspot.companies.size).toBe(total);
    const again = await t.database.db.select().from(crmIntegrations);
    expect(again).toHaveLength(total);
    for (const row of again) {
      const before = rows.find((r) => r.id === row.id)!;
      expect(row.crmId).toBe(before.crmId);
      expect(row.lastAttemptAt!.getTime()).toBeGreaterThan(before.lastAttemptAt!.getTime());
    }

    const status = (await t.get(admin, '/api/admin/crm/status')).json();
    expect(status.summary).toEqual({
      crmType: 'hubspot',
      totalSyncs: total,
      successful: total,
      failed: 0,
      pending: 0,
    });
    expect(status.jobs.customers.id).toBe(second.id);
  });

  it('records HubSpot’s message on a record it refuses, and answers the row of one it takes', async () => {
    await enableHubspot();
    const good = await signUp(t);
    const bad = await signUp(t);
    hubspot.rejectEmail(bad.email, `Email address ${bad.email} is invalid`);

    const ok = await t.post(admin, `/api/admin/crm/sync/customer/${good.id}`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: good.id, email: good.email, syncStatus: 'success', error: null });
    expect(hubspot.contactByEmail(good.email)).toBeDefined();

    const refused = await t.post(admin, `/api/admin/crm/sync/customer/${bad.id}`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(`Email address ${bad.email} is invalid`);
    const list = await t.get(admin, `/api/admin/crm/customers?search=${encodeURIComponent(bad.email)}`);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: bad.id, syncStatus: 'failed', error: refused.json().message }),
    ]);
    const failed = await t.get(admin, '/api/admin/crm/customers?status=failed');
    expect(failed.json().items.map((r: { id: string }) => r.id)).toEqual([bad.id]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, bad.id));
    expect(audit.some((a) => a.action === 'crm_sync' && a.success === false)).toBe(true);

    // The bulk sync lists it among its errors and syncs the rest.
    const job = await bulkSync('customers');
    expect(job.result?.errorCount).toBe(1);
    expect(job.result?.errors[0]).toMatchObject({ ref: bad.email });
    expect(job.result?.synced).toBe((await customerCount()) - 1);
  });

  it('syncs team users, and lists them with their state', async () => {
    await enableHubspot();
    const member = await staffWith(t, 'sales');
    const job = await bulkSync('users');
    expect(job.status).toBe('succeeded');
    expect(job.result?.errorCount).toBe(0);
    expect(hubspot.contactByEmail(member.email)).toBeDefined();
    const list = await t.get(admin, `/api/admin/crm/users?search=${encodeURIComponent(member.email)}`);
    expect(list.json().items).toEqual([expect.objectContaining({ id: member.id, syncStatus: 'success' })]);
    const one = await t.post(admin, `/api/admin/crm/sync/user/${member.id}`, {});
    expect(one.json()).toMatchObject({ id: member.id, role: 'sales', syncStatus: 'success' });

    // A removed member's record stays behind but no longer counts on the cards.
    const before = (await t.get(admin, '/api/admin/crm/status')).json().summary.totalSyncs;
    await t.database.db.delete(staffUsers).where(eq(staffUsers.id, member.id));
    const after = (await t.get(admin, '/api/admin/crm/status')).json().summary.totalSyncs;
    expect(after).toBe(before - 1);
  });

  it('answers a 404 for a record that does not exist and for another area’s job', async () => {
    await enableHubspot();
    const missing = await t.post(admin, `/api/admin/crm/sync/customer/${crypto.randomUUID()}`, {});
    expect(missing.statusCode).toBe(404);
    expect((await t.get(admin, `/api/admin/crm/jobs/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await t.get(admin, '/api/admin/crm/jobs/not-a-job')).statusCode).toBe(404);
  });

  it('runs one job when two bulk syncs start at once', async () => {
    await enableHubspot();
    const answers = await Promise.all([
      t.post(admin, '/api/admin/crm/sync/bulk/customers', {}),
      t.post(admin, '/api/admin/crm/sync/bulk/customers', {}),
    ]);
    const started = answers.map((a) => a.json<{ job: BackgroundJob; started: boolean }>());
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202]);
    expect(started.filter((s) => s.started)).toHaveLength(1);
    expect(started[0]!.job.id).toBe(started[1]!.job.id);
    await t.app.services.backgroundJobs.idle();
  });
});

describe('one company per customer in HubSpot, however the syncs meet', () => {
  const CONTACTS_UPSERT = '/crm/v3/objects/contacts/batch/upsert';

  /** Holds HubSpot's contacts upserts until `n` have arrived: every sync has read its rows by then. */
  function holdContactUpserts(n: number) {
    let arrived = 0;
    let release: () => void = () => {};
    const all = new Promise<void>((resolve) => (release = resolve));
    hubspot.beforeAnswer(async ({ path }) => {
      if (path !== CONTACTS_UPSERT) return;
      if (++arrived === n) release();
      await all;
    });
  }

  /** Every customer has exactly one company in HubSpot, found by its key. */
  async function expectOneCompanyEach() {
    const ids = (await t.database.db.select({ id: customers.id }).from(customers)).map((c) => c.id);
    const counts = new Map(ids.map((id) => [id, hubspot.companiesWith('motorpool_id', id).length]));
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(hubspot.companies.size).toBe(ids.length);
  }

  it('two per-record syncs of the same new customer at once make one company', async () => {
    await enableHubspot();
    const customer = await signUp(t);
    holdContactUpserts(2);

    const answers = await Promise.all([
      t.post(admin, `/api/admin/crm/sync/customer/${customer.id}`, {}),
      t.post(admin, `/api/admin/crm/sync/customer/${customer.id}`, {}),
    ]);

    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(hubspot.companiesWith('motorpool_id', customer.id)).toHaveLength(1);
    expect(hubspot.companies.size).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(crmIntegrations)
      .where(eq(crmIntegrations.entityId, customer.id));
    expect(row!.crmId).toBe(hubspot.companiesWith('motorpool_id', customer.id)[0]!.id);
  });

  it('a per-record sync during a bulk sync leaves one company per customer', async () => {
    await enableHubspot();
    const customer = await signUp(t);
    holdContactUpserts(2);

    const bulk = await t.post(admin, '/api/admin/crm/sync/bulk/customers', {});
    expect(bulk.statusCode).toBe(202);
    const one = await t.post(admin, `/api/admin/crm/sync/customer/${customer.id}`, {});
    await t.app.services.backgroundJobs.idle();

    expect(one.statusCode, one.body).toBe(200);
    const job = (await t.get(admin, `/api/admin/crm/jobs/${bulk.json().job.id}`)).json<BackgroundJob>();
    expect(job.result).toMatchObject({ errorCount: 0, synced: await customerCount() });
    await expectOneCompanyEach();
  });
});

describe('a HubSpot answer that is not its API', () => {
  const NOT_ITS_API = /^HubSpot sent an answer that is not its API's to the contacts batch upsert/;

  for (const kind of ['html', 'empty', 'truncated'] as const) {
    it(`(${kind}) answers a per-record sync 502 with the reason, recorded on the row`, async () => {
      await enableHubspot();
      const customer = await signUp(t);
      hubspot.garbleNext(kind);

      const res = await t.post(admin, `/api/admin/crm/sync/customer/${customer.id}`, {});

      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().message).toMatch(NOT_ITS_API);
      const [row] = await t.database.db
        .select()
        .from(crmIntegrations)
        .where(eq(crmIntegrations.entityId, customer.id));
      expect(row).toMatchObject({ syncStatus: 'failed', error: res.json().message });
    });

    it(`(${kind}) fails a bulk sync with the reason; the pages before it stay stored`, async () => {
      await enableHubspot();
      // More than one page of 100, so the second page meets the bad answer.
      while ((await customerCount()) <= 100) await signUp(t);
      // Page 1: contacts, property lookup (first time only), companies, associations; then page 2.
      const before = hubspot.requests.length;
      hubspot.beforeAnswer(({ path }) => {
        const page2 = hubspot.requests.filter((r) => r.path === '/crm/v3/objects/contacts/batch/upsert');
        if (path === '/crm/v3/objects/contacts/batch/upsert' && page2.length === 1) hubspot.garbleNext(kind);
      });

      const job = await bulkSync('customers');

      expect(hubspot.requests.length).toBeGreaterThan(before);
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(NOT_ITS_API);
      const stored = await t.database.db.select().from(crmIntegrations);
      expect(stored.filter((r) => r.syncStatus === 'success')).toHaveLength(100);
    });
  }
});

describe('syncing to Salesforce', () => {
  async function enableSalesforce(credentials: Record<string, string>) {
    const keys = await t.put(admin, '/api/admin/api-settings', {
      salesforceInstanceUrl: salesforce.url,
      ...credentials,
    });
    expect(keys.statusCode, keys.body).toBe(200);
    expect((await t.put(admin, CONFIG, { enabled: true, crmType: 'salesforce' })).statusCode).toBe(200);
  }

  it('upserts the customers in composite calls; one refused record fails alone with its message', async () => {
    await enableSalesforce({ salesforceAccessToken: salesforce.accessToken });
    const bad = await signUp(t);
    salesforce.rejectRecord(bad.email, 'Company must have a billing country');
    const total = await customerCount();

    const first = await bulkSync('customers');
    expect(first.status).toBe('succeeded');
    expect(first.result?.synced).toBe(total - 1);
    expect(first.result?.errors).toEqual([
      { ref: bad.email, message: expect.stringContaining('Company must have a billing country') },
    ]);
    // Not one request per record: the collections take up to 200 at a time.
    expect(salesforce.requests.length).toBeLessThan(total);
    const [row] = await t.database.db
      .select()
      .from(crmIntegrations)
      .where(eq(crmIntegrations.entityId, bad.id));
    expect(row).toMatchObject({ crmType: 'salesforce', syncStatus: 'failed' });
    expect(row!.error).toContain('Company must have a billing country');

    // A second run updates what is there (upserts on our id): no second Account or Contact.
    const accounts = salesforce.accounts.size;
    const contacts = salesforce.contacts.size;
    const second = await bulkSync('customers');
    expect(second.result).toMatchObject({ synced: total - 1, errorCount: 1 });
    expect(salesforce.accounts.size).toBe(accounts);
    expect(salesforce.contacts.size).toBe(contacts);
    const status = (await t.get(admin, '/api/admin/crm/status')).json();
    expect(status.summary).toMatchObject({ crmType: 'salesforce', successful: total - 1, failed: 1 });
  });

  it('signs in with the connected app’s client credentials when no access token is stored', async () => {
    await t.put(admin, '/api/admin/api-settings', { clear: ['salesforceAccessToken'] });
    await enableSalesforce({
      salesforceClientId: salesforce.clientId,
      salesforceClientSecret: salesforce.clientSecret,
    });
    const member = await staffWith(t, 'manager');
    const job = await bulkSync('users');
    expect(job.result?.errorCount).toBe(0);
    expect(salesforce.issuedTokens.length).toBeGreaterThan(0);
    expect(salesforce.byExternalId('Contact', `staff:${member.id}`)).toBeDefined();
  });
});

describe('Test connection (Test Failed with the reason)', () => {
  const TEST = '/api/admin/crm/test-connection';
  const auditOf = async () => auditRowsWhere(t, { action: 'crm_test', resourceType: 'crm' });

  it('signs in to HubSpot with the saved token, before the integration is even on, writing nothing there', async () => {
    await t.put(admin, '/api/admin/api-settings', { hubspotApiKey: hubspot.token });
    const before = (await auditOf()).length;
    const res = await t.post(admin, TEST, { crmType: 'hubspot' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ crmType: 'hubspot', ok: true });
    expect(res.json().message).toMatch(/HubSpot accepted the access token/);
    expect(hubspot.requests.length).toBeGreaterThan(0);
    expect(hubspot.requests.every((r) => r.method === 'GET')).toBe(true);
    const audit = await auditOf();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({
      resourceId: 'hubspot',
      success: true,
      actorEmail: 'admin@motorpool.local',
    });
    expect(JSON.stringify(audit.at(-1))).not.toContain(hubspot.token);
  });

  it("answers 'Test Failed' reasons: no saved key, a token HubSpot refuses (never echoed)", async () => {
    await t.put(admin, '/api/admin/api-settings', { clear: ['hubspotApiKey'] });
    const none = await t.post(admin, TEST, {});
    expect(none.json()).toMatchObject({
      crmType: 'hubspot',
      ok: false,
      message: 'HubSpot: Add the HubSpot API key in System Settings → API Keys.',
    });
    expect(hubspot.requests).toHaveLength(0);

    const wrong = 'pat-na1-00000000-wrong-token';
    await t.put(admin, '/api/admin/api-settings', { hubspotApiKey: wrong });
    const refused = await t.post(admin, TEST, { crmType: 'hubspot' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ ok: false });
    expect(refused.json().message).toMatch(/HubSpot refused the access token \(401\)/);
    expect(refused.body).not.toContain(wrong);
    const [last] = (await auditOf()).slice(-1);
    expect(last).toMatchObject({ success: false });
    expect(JSON.stringify(last)).not.toContain(wrong);
  });

  it('tests Salesforce with its saved instance URL and token, and says when the token is refused', async () => {
    await t.put(admin, '/api/admin/api-settings', {
      salesforceInstanceUrl: salesforce.url,
      salesforceAccessToken: salesforce.accessToken,
    });
    const good = await t.post(admin, TEST, { crmType: 'salesforce' });
    expect(good.json()).toMatchObject({ crmType: 'salesforce', ok: true });
    expect(good.json().message).toMatch(/Motorpool_Id__c/);
    expect(salesforce.accounts.size + salesforce.contacts.size).toBe(0);

    await t.put(admin, '/api/admin/api-settings', { salesforceAccessToken: '00Dwrong-token-value' });
    const bad = await t.post(admin, TEST, { crmType: 'salesforce' });
    expect(bad.json()).toMatchObject({ ok: false });
    expect(bad.json().message).toMatch(/Salesforce refused the access token \(401\)/);
    expect(bad.body).not.toContain('00Dwrong-token-value');
    await t.put(admin, '/api/admin/api-settings', {
      clear: ['salesforceInstanceUrl', 'salesforceAccessToken'],
    });
  });

  it('is refused to staff outside the CRM tab, and to an unknown CRM or key', async () => {
    for (const role of ['sales', 'manager'] as const) {
      const { cookie } = await staffWith(t, role);
      expect((await t.post(cookie, TEST, {})).statusCode).toBe(403);
    }
    expect((await t.post(admin, TEST, { crmType: 'pipedrive' })).statusCode).toBe(400);
    expect((await t.post(admin, TEST, { apiKey: 'x' })).statusCode).toBe(400);
  });
});
