// Email Settings (docs/email.md): who may read and edit, templates saved over the defaults with their
// placeholders checked, `always` templates locked on, the preview and the test with the signed-in
// staff member's data, the outbox list and message view (sensitive bodies: admins, undelivered,
// audited) and the analytics from the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { startMailCatcher, type MailCatcher } from '../../../../tests/fakes/smtp-server';
import { staffWith } from '../../../../tests/setup/staff';
import { auditLogs, emailOutbox } from '../../db/schema';
import type { EmailTemplate, OutboxMessageDetail } from '../../../shared/contracts/email';

let catcher: MailCatcher;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, PUBLIC_URL: 'https://fleet.example.com' });
  admin = await t.staffCookie('admin@motorpool.local');
});
afterAll(async () => {
  await t.close();
  await catcher.close();
});

const templates = async (cookie = admin) =>
  (await t.get(cookie, '/api/admin/email/templates')).json<{ templates: EmailTemplate[] }>().templates;
const template = async (id: string) => (await templates()).find((x) => x.id === id)!;

describe('access', () => {
  it('the emails tab reads (admin, manager); editing needs canEditSettings; sales and customers never', async () => {
    const manager = await staffWith(t, 'manager');
    const editor = await staffWith(t, 'manager', { canEditSettings: true });
    const sales = await staffWith(t, 'sales', { canEditSettings: true });
    const edit = { subject: 'Hello {firstName}', body: 'Hi {firstName}' };
    for (const url of ['templates', 'automation', 'analytics', 'outbox']) {
      expect((await t.get(manager.cookie, `/api/admin/email/${url}`)).statusCode).toBe(200);
      expect((await t.get(sales.cookie, `/api/admin/email/${url}`)).statusCode).toBe(403);
    }
    expect((await t.put(manager.cookie, '/api/admin/email/templates/onboarding_2', edit)).statusCode).toBe(
      403,
    );
    expect((await t.put(sales.cookie, '/api/admin/email/templates/onboarding_2', edit)).statusCode).toBe(403);
    expect((await t.put(editor.cookie, '/api/admin/email/templates/onboarding_2', edit)).statusCode).toBe(
      200,
    );
    expect(
      (await t.post(editor.cookie, '/api/admin/email/templates/onboarding_2/reset', {})).statusCode,
    ).toBe(200);
    expect((await template('onboarding_2')).customized).toBe(false);
  });
});

describe('templates', () => {
  it('lists every template with its defaults, type, audience and placeholders', async () => {
    const list = await templates();
    expect(list.map((x) => x.id)).toEqual(
      expect.arrayContaining([
        'welcome',
        'payment_success',
        'payment_failed',
        'trial_expiring',
        'onboarding_1',
        'account_suspended',
      ]),
    );
    const trial = list.find((x) => x.id === 'trial_expiring')!;
    expect(trial).toMatchObject({ type: 'lifecycle', audience: 'account', enabled: true, customized: false });
    expect(trial.subject).toBe('Your {appName} trial ends on {trialEndDate}');
    expect(trial.placeholders.map((p) => p.name)).toContain('daysLeft');
  });

  it('saves an edit, audited, and the next message uses it', async () => {
    const saved = await t.put(admin, '/api/admin/email/templates/trial_expiring', {
      subject: 'Only {daysLeft} days of {planName} left, {firstName}',
      body: 'Hi {firstName}, {daysLeft} days left.\n\n{portalUrl}',
    });
    expect(saved.statusCode).toBe(200);
    expect(await template('trial_expiring')).toMatchObject({
      subject: 'Only {daysLeft} days of {planName} left, {firstName}',
      customized: true,
    });
    const [audit] = await auditRowsWhere(t, { resourceType: 'email_template', resourceId: 'trial_expiring' })
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.newValues).toMatchObject({
      subject: 'Only {daysLeft} days of {planName} left, {firstName}',
    });
    const preview = await t.post(admin, '/api/admin/email/templates/trial_expiring/preview', {});
    expect(preview.json().subject).toBe('Only 7 days of Professional left, Avery');
  });

  it('refuses an unknown placeholder on its field, naming it', async () => {
    const res = await t.put(admin, '/api/admin/email/templates/welcome', {
      subject: 'Welcome {firstName} {discountCode}',
      body: 'Hi {firstname}',
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string> }>();
    expect(errors.subject).toContain('{discountCode}');
    expect(errors.body).toContain('{firstname}');
    expect((await template('welcome')).customized).toBe(false);
  });

  it('refuses a secret placeholder in a subject: only a body is sealed and erased once sent', async () => {
    const res = await t.put(admin, '/api/admin/email/templates/password_reset', {
      subject: 'Your link: {resetUrl}',
      body: 'Hi {firstName}, {resetUrl}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.subject).toContain('{resetUrl}');
    expect((await template('password_reset')).customized).toBe(false);
  });

  it('keeps `always` templates on', async () => {
    const res = await t.put(admin, '/api/admin/email/templates/password_reset/enabled', { enabled: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.enabled).toBeDefined();
    expect((await template('password_reset')).enabled).toBe(true);
    expect(
      (await t.put(admin, '/api/admin/email/templates/welcome/enabled', { enabled: false })).statusCode,
    ).toBe(200);
    expect((await template('welcome')).enabled).toBe(false);
    await t.put(admin, '/api/admin/email/templates/welcome/enabled', { enabled: true });
  });

  it('answers 400 for an id that is not a template', async () => {
    expect(
      (await t.put(admin, '/api/admin/email/templates/nope/enabled', { enabled: true })).statusCode,
    ).toBe(400);
    expect((await t.post(admin, '/api/admin/email/test', { templateId: 'nope' })).statusCode).toBe(400);
  });

  it('previews with the signed-in staff member’s data', async () => {
    const res = await t.post(admin, '/api/admin/email/templates/welcome/preview', {});
    expect(res.statusCode).toBe(200);
    const preview = res.json<{ subject: string; text: string }>();
    expect(preview.subject).toBe('Welcome to Motorpool, Avery!');
    expect(preview.text).toContain('https://fleet.example.com/customer-login');
  });

  it('sends a test to the signed-in staff member, marked as a test, even while the template is off', async () => {
    await t.put(admin, '/api/admin/email/templates/onboarding_1/enabled', { enabled: false });
    const res = await t.post(admin, '/api/admin/email/test', { templateId: 'onboarding_1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'sent', to: 'admin@motorpool.local' });
    const mail = await catcher.waitFor(
      (m) => m.to.includes('admin@motorpool.local') && m.subject.includes('Set up'),
    );
    expect(mail.subject).toBe('[Test] Set up Sample Fleet Co on Motorpool in three steps');
    expect(mail.text).toContain('This is a test of the "Setup Guide" email template');
    await t.put(admin, '/api/admin/email/templates/onboarding_1/enabled', { enabled: true });
  });
});

describe('outbox and analytics', () => {
  it('pages the outbox with a status filter; a sensitive body only for admins, while undelivered, audited', async () => {
    const manager = await staffWith(t, 'manager');
    const to = `invitee.${Date.now()}@example.com`;
    const queued = await t.app.services.email.queue(t.database.db, {
      template: 'team_invitation',
      to: { email: to },
      data: {
        firstName: 'Ivy',
        lastName: 'Ng',
        email: to,
        temporaryPassword: 'Kestrel-42-Secret',
        signInUrl: 'x',
      },
    });
    const id = (queued as { id: string }).id;

    const page = (await t.get(admin, '/api/admin/email/outbox?status=queued&pageSize=5')).json();
    expect(page).toMatchObject({ page: 1, pageSize: 5 });
    expect(page.items.every((m: { status: string }) => m.status === 'queued')).toBe(true);
    expect(page.items.map((m: { id: string }) => m.id)).toContain(id);
    const searched = (await t.get(admin, `/api/admin/email/outbox?search=${encodeURIComponent(to)}`)).json();
    expect(searched.items.map((m: { id: string }) => m.id)).toEqual([id]);

    const asManager = (
      await t.get(manager.cookie, `/api/admin/email/outbox/${id}`)
    ).json<OutboxMessageDetail>();
    expect(asManager).toMatchObject({ bodyWithheld: 'admins_only', text: null });
    const asAdmin = (await t.get(admin, `/api/admin/email/outbox/${id}`)).json<OutboxMessageDetail>();
    expect(asAdmin.text).toContain('Kestrel-42-Secret');
    const reads = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.resourceType, 'email'), eq(auditLogs.resourceId, id), eq(auditLogs.action, 'view')),
      );
    expect(reads).toHaveLength(1);

    await t.app.services.emailDelivery.deliverDue();
    const after = (await t.get(admin, `/api/admin/email/outbox/${id}`)).json<OutboxMessageDetail>();
    expect(after).toMatchObject({ status: 'sent', bodyWithheld: 'erased', text: null });
    expect(
      (await t.get(admin, '/api/admin/email/outbox/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('counts sent, failed and queued by template and by day', async () => {
    const to = `counted.${Date.now()}@example.com`;
    await t.app.services.email.queue(t.database.db, {
      template: 'password_changed',
      to: { email: to },
      data: { firstName: 'C', lastName: 'D', email: to, signInUrl: 'x' },
    });
    const before = (await t.get(admin, '/api/admin/email/analytics?days=7')).json();
    const rowOf = (a: { byTemplate: { templateId: string; queued: number; sent: number }[] }) =>
      a.byTemplate.find((r) => r.templateId === 'password_changed') ?? { queued: 0, sent: 0 };
    await t.app.services.emailDelivery.deliverDue();
    const after = (await t.get(admin, '/api/admin/email/analytics?days=7')).json();
    expect(after.byDay).toHaveLength(7);
    expect(rowOf(after).sent).toBe(rowOf(before).sent + 1);
    expect(rowOf(after).queued).toBe(rowOf(before).queued - 1);
    expect(after.totals.sent).toBeGreaterThanOrEqual(after.byDay.at(-1).sent);
    expect((await t.get(admin, '/api/admin/email/analytics?days=12')).statusCode).toBe(400);
    const sentRows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
    expect(after.totals.sent).toBe(sentRows.length);
  });

  it('lists the seven automation rules with their schedule and counts', async () => {
    const res = (await t.get(admin, '/api/admin/email/automation')).json();
    expect(res.rules.map((r: { id: string }) => r.id)).toEqual([
      'welcome',
      'onboarding_1',
      'onboarding_2',
      'trial_expiring',
      'payment_success',
      'payment_failed',
      'account_suspended',
    ]);
    expect(res.rules.find((r: { id: string }) => r.id === 'onboarding_1').schedule).toBe(
      '1 day after sign-up',
    );
    expect(res.notificationsOn).toBe(true);
  });
});
