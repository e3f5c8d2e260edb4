// System Settings (docs/system-settings.md): access by role and flag, general settings, API keys kept
// sealed and answered masked, and the security settings honoured from the next sign-in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, useTestApp, DEMO_PASSWORD, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { accountRows, signUp } from '../../../../tests/setup/customers';
import { staffWith } from '../../../../tests/setup/staff';
import { auditLogs, sessions, systemSettings } from '../../db/schema';
import { loadConfig } from '../../config';
import type { ApiSettings, GeneralSettings } from '../../../shared/contracts/system-settings';
import { KEY_FILE, MISSING_KEY_MESSAGE, settingsKeyring } from './settings-key';

const KEY = randomBytes(32).toString('hex');
let t: TestApp;
let admin: string;
useTestApp({ env: { SETTINGS_ENCRYPTION_KEY: KEY }, staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const db = () => t.database.db;

const lastSettingsAudit = async (group: string) => {
  const [row] = await auditRowsWhere(t, { resourceType: 'settings', resourceId: group })
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
};
const settingsAuditCount = async () =>
  (await db().select().from(auditLogs).where(eq(auditLogs.resourceType, 'settings'))).length;

describe('access', () => {
  type Route = readonly ['GET' | 'PUT', string, object | undefined];
  const routes: Route[] = [
    ['GET', '/api/admin/general-settings', undefined],
    ['PUT', '/api/admin/general-settings', { dateFormat: 'YYYY-MM-DD' }],
    ['GET', '/api/admin/api-settings', undefined],
    ['PUT', '/api/admin/api-settings', { externalDbUrl: 'https://db.example.com' }],
    ['GET', '/api/admin/security-settings', undefined],
    ['PUT', '/api/admin/security-settings', { auditRetentionDays: 400 }],
  ];
  const send = (cookie: string, [method, url, body]: Route) =>
    method === 'GET' ? t.get(cookie, url) : t.put(cookie, url, body);

  it.each(routes)('%s %s: admin yes; manager, sales, a customer and no one no', async (...route) => {
    expect((await send(admin, route)).statusCode).toBe(200);
    // A manager holding both flags is still outside the settings tab.
    const manager = await staffWith(t, 'manager', { canViewSettings: true, canEditSettings: true });
    const refused = await send(manager.cookie, route);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "You don't have permission to access this section" });
    const sales = await staffWith(t, 'sales', { canViewSettings: true, canEditSettings: true });
    expect((await send(sales.cookie, route)).statusCode).toBe(403);
    const customer = await signUp(t);
    expect((await send(customer.cookie, route)).statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: route[0], url: route[1], payload: route[2] });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an admin passes the settings flags even with them off (admin and root pass every flag)', async () => {
    const flagless = await staffWith(t, 'admin', { canViewSettings: false, canEditSettings: false });
    expect((await t.get(flagless.cookie, '/api/admin/general-settings')).statusCode).toBe(200);
    const saved = await t.put(flagless.cookie, '/api/admin/general-settings', { language: 'de' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<GeneralSettings>().language).toBe('de');
  });
});

describe('general settings', () => {
  it('answers the defaults, saves each tab’s fields alone and audits old and new values', async () => {
    const fresh = await createTestApp({ APP_NAME: 'Fleetwise' });
    try {
      const cookie = await fresh.staffCookie('admin@motorpool.local');
      expect((await fresh.get(cookie, '/api/admin/general-settings')).json()).toEqual({
        companyName: 'Fleetwise',
        timezone: 'America/Los_Angeles',
        dateFormat: 'MM/DD/YYYY',
        currency: 'USD',
        language: 'en',
        theme: 'auto',
        emailNotifications: true,
        smsNotifications: false,
        desktopNotifications: false,
        contactPhone: '',
        contactEmail: '',
        contactHours: 'Mon-Fri 9AM-6PM EST',
      });
      const general = await fresh.put(cookie, '/api/admin/general-settings', {
        companyName: '  Roadrunner Logistics ',
        timezone: 'UTC',
        currency: 'EUR',
      });
      expect(general.statusCode, general.body).toBe(200);
      // Appearance sends only the theme: the General tab's values stay.
      const appearance = await fresh.put(cookie, '/api/admin/general-settings', { theme: 'dark' });
      expect(appearance.json<GeneralSettings>()).toMatchObject({
        companyName: 'Roadrunner Logistics',
        timezone: 'UTC',
        currency: 'EUR',
        theme: 'dark',
        emailNotifications: true,
      });
      const [row] = await fresh.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.resourceType, 'settings'), eq(auditLogs.resourceId, 'general')))
        .orderBy(auditLogs.id);
      expect(row).toMatchObject({
        action: 'update',
        success: true,
        oldValues: { companyName: 'Fleetwise', timezone: 'America/Los_Angeles', currency: 'USD' },
        newValues: { companyName: 'Roadrunner Logistics', timezone: 'UTC', currency: 'EUR' },
      });
    } finally {
      await fresh.close();
    }
  });

  it('invoice PDFs name the company as the seller', async () => {
    const rows = await accountRows(t, await signUp(t));
    await t.put(admin, '/api/admin/general-settings', { companyName: 'Seller Name Co' });
    const pdf = await t.get(admin, `/api/admin/invoices/${rows.invoice}/pdf`);
    expect(pdf.statusCode).toBe(200);
    // The document's Author (an uncompressed string object the info dictionary points to) is the seller.
    const raw = pdf.rawPayload.toString('latin1');
    const author = /\/Author (\d+) 0 R/.exec(raw)![1];
    expect(raw).toContain(`\n${author} 0 obj\n(Seller Name Co)\nendobj`);
  });

  it("the company's timezone and theme are the defaults of staff who never chose their own", async () => {
    const member = await staffWith(t, 'sales');
    const chose = await staffWith(t, 'sales');
    const mine = { theme: 'light', timezone: 'America/Chicago', dashboardRefresh: 60 };
    expect((await t.put(chose.cookie, '/api/admin/preferences', mine)).statusCode).toBe(200);
    await t.put(admin, '/api/admin/general-settings', { timezone: 'UTC', theme: 'dark' });
    const seen = (await t.get(member.cookie, '/api/auth/user')).json<{ preferences: object }>();
    expect(seen.preferences).toMatchObject({ timezone: 'UTC', theme: 'dark' });
    const own = (await t.get(chose.cookie, '/api/auth/user')).json<{ preferences: object }>();
    expect(own.preferences).toMatchObject({ timezone: 'America/Chicago', theme: 'light' });
    await t.put(admin, '/api/admin/general-settings', { theme: 'auto' });
    const auto = (await t.get(member.cookie, '/api/auth/user')).json<{ preferences: object }>();
    expect(auto.preferences).toMatchObject({ theme: 'system' });
  });

  it('a member who saves one preference keeps following the company for the others', async () => {
    const member = await staffWith(t, 'sales');
    const saved = await t.put(member.cookie, '/api/admin/preferences', { theme: 'light' });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.put(admin, '/api/admin/general-settings', { timezone: 'America/Denver' });
    const seen = (await t.get(member.cookie, '/api/auth/user')).json<{ preferences: object }>();
    expect(seen.preferences).toMatchObject({ theme: 'light', timezone: 'America/Denver' });
  });

  it('a save that changes nothing writes no audit row', async () => {
    await t.put(admin, '/api/admin/general-settings', { smsNotifications: true });
    const before = await settingsAuditCount();
    const same = await t.put(admin, '/api/admin/general-settings', { smsNotifications: true });
    expect(same.statusCode).toBe(200);
    expect(await settingsAuditCount()).toBe(before);
  });

  it.each([
    [{ companyName: '   ' }, 'companyName', 'Company name is required'],
    [{ companyName: 'x'.repeat(101) }, 'companyName', 'At most 100 characters'],
    [{ timezone: 'Mars/Olympus' }, 'timezone', 'Choose a timezone from the list'],
    [{ dateFormat: 'DD.MM.YYYY' }, 'dateFormat', 'Choose a date format from the list'],
    [{ currency: 'JPY' }, 'currency', 'Choose USD, EUR, GBP or CAD'],
    [{ language: 'it' }, 'language', 'Choose a language from the list'],
    [{ theme: 'system' }, 'theme', 'Choose light, dark or auto'],
    [{ emailNotifications: 'yes' }, 'emailNotifications', 'On or off'],
  ])('refuses %j with 400 on its field', async (body, field, message) => {
    const before = (await t.get(admin, '/api/admin/general-settings')).json();
    const res = await t.put(admin, '/api/admin/general-settings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect((await t.get(admin, '/api/admin/general-settings')).json()).toEqual(before);
  });
});

describe('API settings', () => {
  const get = async () => (await t.get(admin, '/api/admin/api-settings')).json<ApiSettings>();
  const storedApi = async () =>
    (await db().select().from(systemSettings).where(eq(systemSettings.key, 'api')))[0]?.value ?? {};

  it('keeps secrets sealed, answers them masked to the last four, and audits them only as changed', async () => {
    const sendgrid = `SG.${randomBytes(24).toString('base64url')}wxyz`;
    const clientSecret = `sf-${randomBytes(20).toString('hex')}Ab12`;
    const res = await t.put(admin, '/api/admin/api-settings', {
      sendgridApiKey: sendgrid,
      salesforceClientSecret: clientSecret,
      salesforceInstanceUrl: 'https://acme.my.salesforce.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(sendgrid.slice(0, -4));
    const answer = await get();
    expect(answer.values).toMatchObject({
      sendgridApiKey: '••••wxyz',
      salesforceClientSecret: '••••Ab12',
      salesforceInstanceUrl: 'https://acme.my.salesforce.com',
      openaiApiKey: null,
    });
    expect(answer.encryption).toEqual({ source: 'environment', problem: null });

    // The stored row holds no plain text of either secret, not even its last four.
    const stored = JSON.stringify(await storedApi());
    for (const secret of [sendgrid, clientSecret]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.slice(-4));
    }
    expect(stored).toContain('https://acme.my.salesforce.com');

    const audit = await lastSettingsAudit('api');
    expect(audit).toMatchObject({
      action: 'update',
      oldValues: { salesforceInstanceUrl: null },
      newValues: {
        salesforceInstanceUrl: 'https://acme.my.salesforce.com',
        changed: ['sendgridApiKey', 'salesforceClientSecret'],
      },
    });
    // No secret in any audit row, nor in the whole table.
    const rows = await db()
      .select({ oldValues: auditLogs.oldValues, newValues: auditLogs.newValues })
      .from(auditLogs);
    const dump = JSON.stringify(rows);
    for (const secret of [sendgrid, clientSecret]) expect(dump).not.toContain(secret);
  });

  it('a blank field keeps its value; clear removes it', async () => {
    await t.put(admin, '/api/admin/api-settings', { hubspotApiKey: 'pat-na1-keep-1234' });
    const kept = await t.put(admin, '/api/admin/api-settings', { hubspotApiKey: '', openaiApiKey: '' });
    expect(kept.json<ApiSettings>().values.hubspotApiKey).toBe('••••1234');
    expect((await get()).values.openaiApiKey).toBeNull();

    const cleared = await t.put(admin, '/api/admin/api-settings', { clear: ['hubspotApiKey'] });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<ApiSettings>().values.hubspotApiKey).toBeNull();
    expect(await storedApi()).not.toHaveProperty('hubspotApiKey');
    expect(await lastSettingsAudit('api')).toMatchObject({ newValues: { removed: ['hubspotApiKey'] } });

    // Clearing what is not set changes nothing and is not audited.
    const before = await settingsAuditCount();
    expect((await t.put(admin, '/api/admin/api-settings', { clear: ['hubspotApiKey'] })).statusCode).toBe(
      200,
    );
    expect(await settingsAuditCount()).toBe(before);
  });

  it('a sealed value moved onto another field does not open there', async () => {
    await t.put(admin, '/api/admin/api-settings', { openaiApiKey: 'sk-proj-moved-9876' });
    const stored = await storedApi();
    await db()
      .update(systemSettings)
      .set({ value: { ...stored, externalDbApiKey: stored.openaiApiKey } })
      .where(eq(systemSettings.key, 'api'));
    const { values } = await get();
    expect(values.openaiApiKey).toBe('••••9876');
    expect(values.externalDbApiKey).toBe('••••');
  });

  it.each([
    [{ externalDbUrl: 'not a url' }, 'externalDbUrl', 'Enter a URL such as https://db.example.com'],
    [
      { salesforceInstanceUrl: 'ftp://files.example.com' },
      'salesforceInstanceUrl',
      'Enter a URL such as https://db.example.com',
    ],
    [
      { externalDbUrl: 'https://admin:Hunter2pass@db.example.com' },
      'externalDbUrl',
      'Put credentials in the API key fields, not in the URL',
    ],
    [
      { salesforceInstanceUrl: 'https://integration@acme.my.salesforce.com' },
      'salesforceInstanceUrl',
      'Put credentials in the API key fields, not in the URL',
    ],
    [{ sendgridApiKey: 'two words' }, 'sendgridApiKey', 'A key has no spaces or line breaks'],
    [{ sendgridApiKey: 'x'.repeat(1001) }, 'sendgridApiKey', 'At most 1,000 characters'],
    [
      { sendgridApiKey: 'SG.abc', clear: ['sendgridApiKey'] },
      'sendgridApiKey',
      'Enter a new value or clear it, not both',
    ],
  ])('refuses %j with 400 on its field and stores nothing', async (body, field, message) => {
    const before = await storedApi();
    const audits = await settingsAuditCount();
    const res = await t.put(admin, '/api/admin/api-settings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ [field]: message });
    expect(res.body).not.toContain('Hunter2pass');
    expect(await storedApi()).toEqual(before);
    expect(await settingsAuditCount()).toBe(audits);
  });

  it('a secret shorter than 12 characters answers the mask alone, never its last four', async () => {
    const saved = await t.put(admin, '/api/admin/api-settings', {
      openaiApiKey: 'abcd',
      externalDbApiKey: 'short-key01', // 11 characters
      salesforceClientId: 'twelve-chars', // 12: the last four show
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const values of [saved.json<ApiSettings>().values, (await get()).values]) {
      expect(values).toMatchObject({
        openaiApiKey: '••••',
        externalDbApiKey: '••••',
        salesforceClientId: '••••hars',
      });
    }
    await t.put(admin, '/api/admin/api-settings', {
      clear: ['openaiApiKey', 'externalDbApiKey', 'salesforceClientId'],
    });
  });

  it('refuses an unknown field to clear', async () => {
    const res = await t.put(admin, '/api/admin/api-settings', { clear: ['stripeSecretKey'] });
    expect(res.statusCode).toBe(400);
  });
});

describe('the settings key', () => {
  it('embedded: made once into DATA_DIR with mode 0600; with PostgreSQL and no key: saving a secret is 503', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-settings-'));
    const other = await createTestApp({ DATA_DIR: dataDir });
    try {
      const cookie = await other.staffCookie('admin@motorpool.local');
      const res = await other.put(cookie, '/api/admin/api-settings', { sendgridApiKey: 'SG.file-key-5678' });
      const file = path.join(dataDir, KEY_FILE);
      if (other.database.driver === 'pglite') {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<ApiSettings>().values.sendgridApiKey).toBe('••••5678');
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        expect(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
      } else {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: MISSING_KEY_MESSAGE });
        expect(fs.existsSync(file)).toBe(false);
        // A URL needs no key.
        const url = await other.put(cookie, '/api/admin/api-settings', {
          externalDbUrl: 'https://db.example.com',
        });
        expect(url.statusCode).toBe(200);
        expect(url.json<ApiSettings>().encryption).toEqual({ source: null, problem: MISSING_KEY_MESSAGE });
      }
    } finally {
      await other.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the key follows SETTINGS_ENCRYPTION_KEY, then the data directory (embedded), then APP_SECRET (PostgreSQL)', () => {
    const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });
    expect(settingsKeyring(config({ SETTINGS_ENCRYPTION_KEY: KEY }), false).source).toBe('environment');
    expect(settingsKeyring(config({}), true).source).toBe('data-directory');
    expect(settingsKeyring(config({ APP_SECRET: 'a'.repeat(40) }), false).source).toBe('app-secret');
    expect(settingsKeyring(config({}), false).source).toBeNull();
    expect(() => config({ SETTINGS_ENCRYPTION_KEY: 'too-short' })).toThrow(
      /SETTINGS_ENCRYPTION_KEY must be 32 bytes/,
    );
    expect(
      config({ SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('base64') }).settingsEncryptionKey,
    ).toHaveLength(32);
  });
});

describe('security settings', () => {
  it('answers the environment’s defaults until an admin saves', async () => {
    const fresh = await createTestApp({ SESSION_TTL_HOURS: '12', LOGIN_RATE_LIMIT_PER_ACCOUNT: '7' });
    try {
      const cookie = await fresh.staffCookie('admin@motorpool.local');
      expect((await fresh.get(cookie, '/api/admin/security-settings')).json()).toEqual({
        sessionLifetimeHours: 12,
        lockoutThreshold: 7,
        lockoutWindowMinutes: 15,
        auditRetentionDays: 365,
      });
    } finally {
      await fresh.close();
    }
  });

  it('defaults from the environment outside the ranges neither fail a read nor block saving another field', async () => {
    const fresh = await createTestApp({ SESSION_TTL_HOURS: '2000', LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000' });
    try {
      const cookie = await fresh.staffCookie('admin@motorpool.local');
      const read = await fresh.get(cookie, '/api/admin/security-settings');
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ sessionLifetimeHours: 2000, lockoutThreshold: 1000 });
      const saved = await fresh.put(cookie, '/api/admin/security-settings', { auditRetentionDays: 400 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({
        sessionLifetimeHours: 2000,
        lockoutThreshold: 1000,
        lockoutWindowMinutes: 15,
        auditRetentionDays: 400,
      });
      // Only the saved field is stored: the others keep following the environment.
      const [row] = await fresh.database.db
        .select()
        .from(systemSettings)
        .where(eq(systemSettings.key, 'security'));
      expect(row?.value).toEqual({ auditRetentionDays: 400 });
    } finally {
      await fresh.close();
    }
  });

  it('a session lifetime of 1 hour gives the next staff and customer sign-ins 1 hour', async () => {
    const customer = await signUp(t);
    const saved = await t.put(admin, '/api/admin/security-settings', { sessionLifetimeHours: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sessionLifetimeHours: 1 });
    expect(await lastSettingsAudit('security')).toMatchObject({
      oldValues: { sessionLifetimeHours: 168 },
      newValues: { sessionLifetimeHours: 1 },
    });
    try {
      for (const [url, email, password] of [
        ['/api/auth/admin-login', 'admin@motorpool.local', DEMO_PASSWORD],
        ['/api/auth/dealer-login', customer.email, customer.password],
      ] as const) {
        const started = Date.now();
        const res = await t.app.inject({ method: 'POST', url, payload: { email, password } });
        expect(res.statusCode, res.body).toBe(200);
        const expires = res.cookies[0]!.expires!.getTime();
        expect(expires).toBeGreaterThan(started + 3_600_000 - 5_000);
        expect(expires).toBeLessThan(Date.now() + 3_600_000 + 5_000);
        const [latest] = await db().select().from(sessions).orderBy(desc(sessions.createdAt)).limit(1);
        expect(Math.abs(latest!.expiresAt.getTime() - expires)).toBeLessThan(1_000);
      }
    } finally {
      await t.put(admin, '/api/admin/security-settings', { sessionLifetimeHours: 168 });
    }
  });

  it('a lockout threshold of 3 asks for the browser check after 3 failures', async () => {
    const member = await staffWith(t, 'sales');
    await t.put(admin, '/api/admin/security-settings', { lockoutThreshold: 3 });
    try {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { email: member.email, password: 'wrong-password-1' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const fourth = await attempt();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ errorType: 'challenge_required' });
    } finally {
      await t.put(admin, '/api/admin/security-settings', { lockoutThreshold: 1000 });
    }
  });

  it.each([
    [{ sessionLifetimeHours: 0 }, 'sessionLifetimeHours', 'At least 1 hour'],
    [{ sessionLifetimeHours: 1.5 }, 'sessionLifetimeHours', 'Enter a whole number of hours'],
    [{ lockoutThreshold: 2 }, 'lockoutThreshold', 'At least 3 failures'],
    [{ lockoutWindowMinutes: 1441 }, 'lockoutWindowMinutes', 'At most 1,440 minutes'],
    [{ auditRetentionDays: 29 }, 'auditRetentionDays', 'At least 30 days'],
    [{ auditRetentionDays: '365' }, 'auditRetentionDays', 'Enter a number of days'],
  ])('refuses %j with 400 on its field', async (body, field, message) => {
    const res = await t.put(admin, '/api/admin/security-settings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });
});
