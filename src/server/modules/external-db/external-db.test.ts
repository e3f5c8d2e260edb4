import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  customerRowOf,
  startExternalDb,
  type ExternalDbFake,
} from '../../../../tests/fakes/external-db-server';
import { created, signUp } from '../../../../tests/setup/customers';
import { emailsTo, invitedPassword } from '../../../../tests/setup/mail';
import { staffWith } from '../../../../tests/setup/staff';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import type { BackgroundJob, JobStarted } from '../../../shared/contracts/background-jobs';
import {
  EXTERNAL_DB_MAX_ROW_BYTES,
  NOT_CONFIGURED_MESSAGE,
  type ExternalDbStatus,
} from '../../../shared/contracts/external-db';
import { DEFAULT_PERMISSIONS } from '../../../shared/roles';
import { auditLogs, customers, emailOutbox, plans, staffUsers, subscriptions } from '../../db/schema';
import { HTML_MESSAGE, readRows } from '../../integrations/external-db/client';
import { EMAIL_TAKEN } from '../fleet';

/*
 * The External Database tab against a local server that speaks the external system's HTTP API
 * (tests/fakes/external-db-server.ts): the connection test, both imports, and each hostile source.
 */

let fake: ExternalDbFake;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  fake = await startExternalDb();
  t = await createTestApp({
    EXTERNAL_DB_URL: fake.url,
    EXTERNAL_DB_API_KEY: fake.apiKey,
    EXTERNAL_DB_TIMEOUT_MS: '1500',
  });
  admin = await t.staffCookie('admin@motorpool.local');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.set({ mode: 'normal', shape: 'array', customers: [], users: [] }));

const db = () => t.database.db;

/** Starts an import and waits for it to end; answers the ended job. */
async function runImport(kind: 'customers' | 'users'): Promise<BackgroundJob> {
  const res = await t.post(admin, `/api/admin/external-db/sync/${kind}`);
  expect(res.statusCode, res.body).toBe(202);
  const { job, started } = res.json<JobStarted>();
  expect(started).toBe(true);
  await t.app.services.backgroundJobs.idle();
  const ended = await t.get(admin, `/api/admin/external-db/jobs/${job.id}`);
  expect(ended.statusCode).toBe(200);
  return ended.json<BackgroundJob>();
}

const customersAt = async (domain: string) =>
  db()
    .select()
    .from(customers)
    .where(ilike(customers.email, `%@${domain}`));

let batch = 0;
/** Rows on a domain of their own, so each test counts only what it made. */
function domainRows(n: number) {
  batch += 1;
  const domain = `b${batch}.${Date.now()}.example`;
  return { domain, rows: Array.from({ length: n }, (_, i) => customerRowOf(i + 1, domain)) };
}

describe('connection test', () => {
  it('answers success when /health answers, and sends the key', async () => {
    const res = await t.get(admin, '/api/admin/external-db/status');
    expect(res.statusCode).toBe(200);
    const status = res.json<ExternalDbStatus>();
    expect(status).toMatchObject({ success: true, enabled: true });
    expect(status.jobs).toHaveProperty('customers');
  });

  it.each([
    ['error', 'The external database answered with an error (500).'],
    ['html', HTML_MESSAGE],
  ] as const)('answers the reason when the source is %s', async (mode, message) => {
    fake.set({ mode });
    const status = (await t.get(admin, '/api/admin/external-db/status')).json<ExternalDbStatus>();
    expect(status).toMatchObject({ success: false, enabled: true, message });
  });

  it('fails past the timeout', async () => {
    fake.set({ mode: 'slow', delayMs: 5_000 });
    const status = (await t.get(admin, '/api/admin/external-db/status')).json<ExternalDbStatus>();
    expect(status).toMatchObject({
      success: false,
      message: 'The external database did not answer within 1.5 s.',
    });
  });
});

describe('customer import', () => {
  it('creates customers with a plan, its limits, a trial and an emailed temporary password; one bad row is reported', async () => {
    const { domain, rows } = domainRows(3);
    rows[0] = { ...rows[0]!, planId: 'professional' } as (typeof rows)[0];
    rows[1] = { ...rows[1]!, planId: 'no-such-plan' } as (typeof rows)[1];
    const bad = { ...customerRowOf(9, domain), email: 'not-an-email' };
    const duplicate = { ...rows[2]!, companyName: 'Second copy' };
    fake.set({ customers: [rows[0], rows[1], bad, rows[2], duplicate, 'junk'] });

    const job = await runImport('customers');
    expect(job.status).toBe('succeeded');
    expect(job.result).toEqual({
      synced: 3,
      errorCount: 3,
      errors: [
        { ref: 'row 3 (not-an-email)', message: 'email: Please enter a valid email address' },
        {
          ref: `row 5 (${rows[2]!.email})`,
          message: 'The email appears more than once in the source (first at row 4)',
        },
        { ref: 'row 6', message: 'Not an object with fields' },
      ],
    });
    expect(job).toMatchObject({ done: 6, total: 6 });

    const made = await customersAt(domain);
    expect(made).toHaveLength(3);
    const [pro] = await db().select().from(plans).where(eq(plans.id, 'professional'));
    const [starter] = await db().select().from(plans).where(eq(plans.id, 'starter'));
    const byEmail = new Map(made.map((c) => [c.email, c]));
    expect(byEmail.get(rows[0]!.email)).toMatchObject({
      planId: 'professional',
      carLimit: pro!.vehicleLimit,
      userLimit: pro!.userLimit,
      status: 'active',
      isPasswordSet: false,
      companyName: rows[0]!.companyName,
    });
    // An unknown plan and no plan alike: the starter plan.
    expect(byEmail.get(rows[1]!.email)).toMatchObject({ planId: 'starter', carLimit: starter!.vehicleLimit });
    expect(byEmail.get(rows[2]!.email)).toMatchObject({
      planId: 'starter',
      companyName: rows[2]!.companyName,
    });

    // The temporary password went by email and signs in; a trial started; each creation is audited.
    const first = byEmail.get(rows[0]!.email)!;
    const password = await invitedPassword(t, first.email);
    await expect(t.customerSession(first.email, password)).resolves.toHaveProperty('token');
    const [subscription] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, first.id));
    expect(subscription).toMatchObject({ status: 'trialing', planId: 'professional' });
    const trail = await db()
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.resourceType, 'customer'),
          inArray(
            auditLogs.resourceId,
            made.map((c) => c.id),
          ),
        ),
      );
    expect(trail).toHaveLength(3);
    expect(trail.every((a) => a.action === 'create' && a.actorEmail === 'admin@motorpool.local')).toBe(true);
    expect(JSON.stringify(trail)).not.toContain(password);
    const [started] = await auditRowsWhere(t, { resourceType: 'external_db_import', resourceId: job.id });
    expect(started).toBeDefined();
  });

  it('changes nothing on a second run of an unchanged source, and only the owned fields that changed after', async () => {
    const { domain, rows } = domainRows(2);
    fake.set({ customers: rows, shape: 'object' });
    expect((await runImport('customers')).result).toMatchObject({ synced: 2, errorCount: 0 });
    const before = await customersAt(domain);
    const mails = async () =>
      (await Promise.all(rows.map((r) => emailsTo(t, r.email)))).reduce((n, m) => n + m.length, 0);
    const audits = async () =>
      (
        await db()
          .select({ n: count() })
          .from(auditLogs)
          .where(
            inArray(
              auditLogs.resourceId,
              before.map((c) => c.id),
            ),
          )
      )[0]!.n;
    const mailsBefore = await mails();
    const auditsBefore = await audits();

    // Unchanged: every row counts as synced; no write, no audit, no email.
    expect((await runImport('customers')).result).toEqual({ synced: 2, errorCount: 0, errors: [] });
    expect(await customersAt(domain)).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
    expect(await mails()).toBe(mailsBefore);

    // A changed company name is taken; a plan, a status and a password in the source are not the source's.
    const target = before.find((c) => c.email === rows[0]!.email)!;
    fake.set({
      customers: [
        { ...rows[0], companyName: 'Renamed Haulage', planId: 'enterprise', status: 'pending' },
        rows[1],
      ],
    });
    expect((await runImport('customers')).result).toMatchObject({ synced: 2, errorCount: 0 });
    const [after] = await db().select().from(customers).where(eq(customers.id, target.id));
    expect(after).toMatchObject({
      companyName: 'Renamed Haulage',
      planId: target.planId,
      status: target.status,
      passwordHash: target.passwordHash,
    });
    expect(await audits()).toBe(auditsBefore + 1);
    expect(await mails()).toBe(mailsBefore);
  });

  it('refuses, as a row error, an email that signs in to another account as a team member', async () => {
    const { domain, rows } = domainRows(2);
    const owner = await signUp(t);
    const memberEmail = `member.${Date.now()}@${domain}`;
    await created(t, owner, '/api/fleet/team', { firstName: 'Team', lastName: 'Member', email: memberEmail });
    fake.set({ customers: [rows[0], { ...rows[1], email: memberEmail }] });
    expect((await runImport('customers')).result).toEqual({
      synced: 1,
      errorCount: 1,
      errors: [{ ref: `row 2 (${memberEmail})`, message: EMAIL_TAKEN }],
    });
    expect((await customersAt(domain)).map((c) => c.email)).toEqual([rows[0]!.email]);
  });

  it('rolls back a batch the database refuses, whole, and keeps the batches around it', async () => {
    const { domain, rows } = domainRows(120);
    rows[69] = { ...rows[69]!, companyName: 'Refused Haulage' };
    // The database itself refuses one row of the second batch (rows 51-100).
    await db().execute(
      sql`alter table customers add constraint t_refuse check (company_name <> 'Refused Haulage')`,
    );
    try {
      fake.set({ customers: rows });
      const job = await runImport('customers');
      expect(job.status).toBe('succeeded');
      expect(job.result!.synced).toBe(70);
      expect(job.result!.errorCount).toBe(50);
      expect(job.result!.errors[0]).toEqual({
        ref: `row 51 (${rows[50]!.email})`,
        message: 'Not saved: the database refused this batch of rows',
      });
      const made = new Set((await customersAt(domain)).map((c) => c.email));
      expect(made.size).toBe(70);
      expect(rows.slice(50, 100).some((r) => made.has(r.email))).toBe(false);
      expect(made.has(rows[0]!.email) && made.has(rows[119]!.email)).toBe(true);
      // No half-written customer: no subscription, audit row or email without its customer.
      const orphans = await db()
        .select({ n: count() })
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.toEmail,
            rows.slice(50, 100).map((r) => r.email),
          ),
        );
      expect(orphans[0]!.n).toBe(0);
    } finally {
      await db().execute(sql`alter table customers drop constraint t_refuse`);
    }
  });
});

describe('hostile sources: the job fails with its reason and writes nothing', () => {
  const cases = [
    ['slow', 'The external database did not answer within 1.5 s. Nothing was imported.'],
    ['error', 'The external database answered with an error (500). Nothing was imported.'],
    ['html', `${HTML_MESSAGE} Nothing was imported.`],
    ['malformed', 'The external database sent malformed JSON. Nothing was imported.'],
    [
      'huge',
      'The external database sent more than 10,000 customers: one import takes at most 10,000. Nothing was imported; split the source.',
    ],
    [
      'hugeRow',
      'The external database sent a row over 64 KB (row 3): one row takes at most 64 KB. Nothing was imported.',
    ],
  ] as const;

  it.each(cases)('%s', async (mode, message) => {
    fake.set({ mode, delayMs: 5_000, hugeRows: 1_000_000, hugeRowBytes: 200 * 1024 * 1024 });
    const customersBefore = (await db().select({ n: count() }).from(customers))[0]!.n;
    const auditsBefore = (await db().select({ n: count() }).from(auditLogs))[0]!.n;
    const writtenBefore = fake.bytesWritten;
    const job = await runImport('customers');
    expect(job).toMatchObject({ status: 'failed', error: message, result: null });
    expect((await db().select({ n: count() }).from(customers))[0]!.n).toBe(customersBefore);
    // Only the job's own audit row (who started it).
    expect((await db().select({ n: count() }).from(auditLogs))[0]!.n).toBe(auditsBefore + 1);
    // The source is read as a stream and the reading stops at the cap: the fake, which writes only as
    // fast as the client reads, got no further than the cap and what the sockets buffer (~10 MB). The
    // whole huge list is ~190 MB of JSON (its row cap ~2 MB); the huge row is 200 MB (its cap 64 KB).
    const written = fake.bytesWritten - writtenBefore;
    if (mode === 'huge' || mode === 'hugeRow') expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses an answer over the byte cap, even of small rows', async () => {
    fake.set({ mode: 'huge', hugeRows: 5_000 });
    const read: unknown[] = [];
    const reading = readRows(
      { url: fake.url, apiKey: fake.apiKey, timeoutMs: 5_000 },
      'customers',
      async (row) => read.push(row) > 0,
      { maxRowBytes: EXTERNAL_DB_MAX_ROW_BYTES, maxBodyBytes: 100 * 1024 },
    );
    await expect(reading).rejects.toThrow(
      'The external database sent more than 100 KB: one import reads at most 100 KB.',
    );
    // Rows before the cap were read (the import writes none of them: it reads the whole source first).
    expect(read.length).toBeGreaterThan(0);
    expect(read.length).toBeLessThan(600);
  });
});

describe('user import', () => {
  it('creates sales and manager users with default flags, never an admin, and never changes a member’s role', async () => {
    const stamp = Date.now();
    const sales = { email: `sales.${stamp}@import.example`, firstName: 'Sam', lastName: 'Seller' };
    const manager = {
      email: `manager.${stamp}@import.example`,
      firstName: 'Mia',
      lastName: 'Manager',
      role: 'manager',
      phone: '5551234567',
    };
    const wouldBeAdmin = {
      email: `admin.${stamp}@import.example`,
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'admin',
    };
    const existingSales = await staffWith(t, 'sales');
    const renamedSales = { email: existingSales.email, firstName: 'Renamed', lastName: 'Seller' };
    fake.set({ users: [sales, manager, wouldBeAdmin, renamedSales] });

    const job = await runImport('users');
    expect(job.result).toEqual({
      synced: 3,
      errorCount: 1,
      errors: [
        {
          ref: `row 3 (${wouldBeAdmin.email})`,
          message:
            'role: Imported users may be sales or manager; admin and root are given in Team Management',
        },
      ],
    });
    const made = await db()
      .select()
      .from(staffUsers)
      .where(inArray(staffUsers.email, [sales.email, manager.email, wouldBeAdmin.email]));
    expect(made.map((u) => [u.email, u.role]).sort()).toEqual(
      [
        [manager.email, 'manager'],
        [sales.email, 'sales'],
      ].sort(),
    );
    for (const u of made) {
      expect(u.permissions).toEqual(DEFAULT_PERMISSIONS);
      expect(u.isPasswordSet).toBe(false);
    }
    expect(made.find((u) => u.role === 'manager')!.phone).toBe('+1 (555) 123-4567');
    const password = await invitedPassword(t, sales.email);
    await expect(t.staffCookie(sales.email, password)).resolves.toContain('=');

    // An existing sales member: the name is the source's, the role and flags are not.
    const [salesAfter] = await db().select().from(staffUsers).where(eq(staffUsers.id, existingSales.id));
    expect(salesAfter).toMatchObject({ role: 'sales', firstName: 'Renamed', lastName: 'Seller' });

    // A second run of the same source: nothing written, nobody emailed again.
    const userAudits = async () =>
      (await db().select({ n: count() }).from(auditLogs).where(eq(auditLogs.resourceType, 'user')))[0]!.n;
    const invitations = async () =>
      (await emailsTo(t, sales.email)).length + (await emailsTo(t, manager.email)).length;
    const [auditsBefore, mailsBefore] = [await userAudits(), await invitations()];
    expect((await runImport('users')).result).toMatchObject({ synced: 3, errorCount: 1 });
    expect([await userAudits(), await invitations()]).toEqual([auditsBefore, mailsBefore]);
  });

  it('leaves an existing admin or root untouched and reports the row: they are changed in Team Management', async () => {
    const root = await staffWith(t, 'root');
    const [adminBefore] = await db()
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'admin@motorpool.local'));
    const [rootBefore] = await db().select().from(staffUsers).where(eq(staffUsers.id, root.id));
    fake.set({
      users: [
        { email: 'admin@motorpool.local', firstName: 'Demo', lastName: 'Renamed', phone: '5550001111' },
        { email: root.email, firstName: 'Root', lastName: 'Renamed', address: '1 Elsewhere' },
      ],
    });
    const userAudits = async () =>
      (await db().select({ n: count() }).from(auditLogs).where(eq(auditLogs.resourceType, 'user')))[0]!.n;
    const auditsBefore = await userAudits();

    expect((await runImport('users')).result).toEqual({
      synced: 0,
      errorCount: 2,
      errors: [
        {
          ref: 'row 1 (admin@motorpool.local)',
          message: 'admin@motorpool.local is an admin: change them in Team Management',
        },
        { ref: `row 2 (${root.email})`, message: `${root.email} is root: change them in Team Management` },
      ],
    });
    const [adminAfter] = await db().select().from(staffUsers).where(eq(staffUsers.id, adminBefore!.id));
    const [rootAfter] = await db().select().from(staffUsers).where(eq(staffUsers.id, root.id));
    expect(adminAfter).toEqual(adminBefore);
    expect(rootAfter).toEqual(rootBefore);
    expect(await userAudits()).toBe(auditsBefore);
  });
});

describe('who may', () => {
  it('refuses sales and managers everything, and answers 404 for a job that is not an import', async () => {
    for (const role of ['sales', 'manager'] as const) {
      const { cookie } = await staffWith(t, role, { canEditSettings: true, canViewSettings: true });
      expect((await t.get(cookie, '/api/admin/external-db/status')).statusCode).toBe(403);
      expect((await t.post(cookie, '/api/admin/external-db/sync/customers')).statusCode).toBe(403);
      expect((await t.post(cookie, '/api/admin/external-db/sync/users')).statusCode).toBe(403);
    }
    const other = await t.app.services.backgroundJobs.start({
      kind: 'test:other',
      startedByStaffId: null,
      work: async () => ({ synced: 0, errors: [] }),
    });
    await t.app.services.backgroundJobs.idle();
    expect((await t.get(admin, `/api/admin/external-db/jobs/${other.job.id}`)).statusCode).toBe(404);
    expect((await t.get(admin, '/api/admin/external-db/jobs/not-a-uuid')).statusCode).toBe(404);
  });

  it('runs one import of a kind at a time: two starts at once share one job', async () => {
    fake.set({ mode: 'slow', delayMs: 300 });
    const [a, b] = await Promise.all([
      t.post(admin, '/api/admin/external-db/sync/customers'),
      t.post(admin, '/api/admin/external-db/sync/customers'),
    ]);
    const answers = [a.json<JobStarted>(), b.json<JobStarted>()];
    expect(answers.map((x) => x.started).sort()).toEqual([false, true]);
    expect(answers[0]!.job.id).toBe(answers[1]!.job.id);
    await t.app.services.backgroundJobs.idle();
    // The status shows the newest import of each kind.
    const status = (await t.get(admin, '/api/admin/external-db/status')).json<ExternalDbStatus>();
    expect(status.jobs.customers?.id).toBe(answers[0]!.job.id);
  });
});

describe('not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ SETTINGS_ENCRYPTION_KEY: '22'.repeat(32) });
  });
  afterAll(() => bare.close());

  it('says so, refuses imports, and works once the API settings hold a URL and key', async () => {
    const cookie = await bare.staffCookie('admin@motorpool.local');
    const status = await bare.get(cookie, '/api/admin/external-db/status');
    expect(status.json()).toMatchObject({ success: false, enabled: false, message: NOT_CONFIGURED_MESSAGE });
    expect(NOT_CONFIGURED_MESSAGE).toContain('EXTERNAL_DB_URL');
    const refused = await bare.post(cookie, '/api/admin/external-db/sync/customers');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NOT_CONFIGURED_MESSAGE);

    const saved = await bare.put(cookie, '/api/admin/api-settings', {
      externalDbUrl: fake.url,
      externalDbApiKey: fake.apiKey,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await bare.get(cookie, '/api/admin/external-db/status')).json()).toMatchObject({
      success: true,
      enabled: true,
    });
    // A wrong key in the settings is the source's refusal, in words.
    await bare.put(cookie, '/api/admin/api-settings', { externalDbApiKey: 'a-wrong-key-0000' });
    expect((await bare.get(cookie, '/api/admin/external-db/status')).json()).toMatchObject({
      success: false,
      message: 'The external database refused the API key (401).',
    });
  });
});
