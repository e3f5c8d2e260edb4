// Email delivery (docs/email.md): the outbox delivered through nodemailer to a real local SMTP server,
// retried with backoff after a refusal, failed after five attempts with the server's words, never sent
// twice by two workers, through SendGrid's relay when its key is saved, and sensitive bodies sealed at
// rest and erased once sent.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { startMailCatcher, type MailCatcher } from '../../../../tests/fakes/smtp-server';
import { CARDS, checkout, signUp } from '../../../../tests/setup/customers';
import { emailOutbox, invoices } from '../../db/schema';
import { flushIntegrationStatus } from '../system-health';
import { createEmailDelivery, MAX_ATTEMPTS } from './delivery';

const MINUTE = 60_000;
let catcher: MailCatcher;
let t: TestApp;
beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url });
});
afterAll(async () => {
  await t.close();
  await catcher.close();
});

const db = () => t.database.db;
let serial = 0;
const address = () => `person.${Date.now()}.${++serial}@example.com`;

/** A plain message (password_changed) to a new address; answers its outbox id and the address. */
async function queueChanged(to = address()) {
  const result = await t.app.services.email.queue(db(), {
    template: 'password_changed',
    to: { email: to, name: 'Pat Lee' },
    data: { firstName: 'Pat', lastName: 'Lee', email: to, signInUrl: 'http://localhost/customer-login' },
  });
  if (result.status !== 'queued') throw new Error(`not queued: ${result.reason}`);
  return { id: result.id, to };
}
const rowOf = async (id: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const received = (to: string) => catcher.messages.filter((m) => m.to.includes(to));

describe('delivery to SMTP_URL', () => {
  it('sends a queued message once, with a Message-ID made from its outbox id', async () => {
    const { id, to } = await queueChanged();
    const run = await t.app.services.emailDelivery.deliverDue();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const [mail] = received(to);
    expect(mail?.subject).toBe('Your Motorpool password was changed');
    expect(mail?.text).toContain('Hi Pat,');
    expect(mail?.html).toContain('<p>Hi Pat,</p>');
    expect(mail?.messageId).toBe(`<${id}@motorpool.local>`);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1, lockedBy: null });
    expect(row.sentAt).not.toBeNull();
    // A message that is not sensitive keeps its body for staff to read.
    expect(row.bodyText).toContain('Hi Pat,');

    await t.app.services.emailDelivery.deliverDue();
    expect(received(to)).toHaveLength(1);
    // System Health hears of the success.
    const failing = await flushIntegrationStatus(db());
    expect(failing.map((f) => f.integration)).not.toContain('email');
  });

  it('a run sends all its messages over one SMTP connection, and ends it', async () => {
    await t.app.services.emailDelivery.deliverDue();
    const queued = await Promise.all(Array.from({ length: 5 }, () => queueChanged()));
    const before = catcher.connections();
    const run = await t.app.services.emailDelivery.deliverDue();
    expect(run.sent).toBe(5);
    for (const { to } of queued) expect(received(to)).toHaveLength(1);
    // A connection a message: about 110 ms of greetings each, 9 messages a second at most.
    expect(catcher.connections() - before).toBe(1);
    // Ended with the run: no connection is left open between runs.
    await expect.poll(() => catcher.openConnections()).toBe(0);
  });

  it('tries a refused delivery again after the backoff, and it arrives', async () => {
    const { id, to } = await queueChanged();
    const now = new Date();
    catcher.refuseNext(1);
    await t.app.services.emailDelivery.deliverDue(now);
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toContain('451');
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + MINUTE);
    expect(received(to)).toHaveLength(0);
    expect(await flushIntegrationStatus(db())).toContainEqual({
      integration: 'email',
      error: expect.stringContaining('Try again later'),
    });

    // Not due yet: nothing happens.
    await t.app.services.emailDelivery.deliverDue(new Date(now.getTime() + 30_000));
    expect((await rowOf(id)).attempts).toBe(1);

    await t.app.services.emailDelivery.deliverDue(new Date(now.getTime() + MINUTE + 1000));
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(received(to)).toHaveLength(1);
  });

  it('ends as failed with the server’s message after five refused attempts', async () => {
    const { id, to } = await queueChanged();
    let now = new Date();
    catcher.refuseNext(MAX_ATTEMPTS);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.app.services.emailDelivery.deliverDue(now);
      expect((await rowOf(id)).attempts).toBe(attempt);
      now = new Date(now.getTime() + 3 * 3_600_000);
    }
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/451.*Try again later/);
    expect(row.failedAt).not.toBeNull();
    // Failed is final: a later run leaves it alone.
    await t.app.services.emailDelivery.deliverDue(new Date(now.getTime() + 86_400_000));
    expect((await rowOf(id)).attempts).toBe(MAX_ATTEMPTS);
    expect(received(to)).toHaveLength(0);
  });

  it('takes over a message whose claim expired (an instance stopped mid-send)', async () => {
    const { id, to } = await queueChanged();
    await db()
      .update(emailOutbox)
      .set({ status: 'sending', lockedBy: 'gone', lockedUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(emailOutbox.id, id));
    await t.app.services.emailDelivery.deliverDue();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received(to)).toHaveLength(1);
  });

  it('does not send a message whose claim another instance took over while this run was busy', async () => {
    const first = await queueChanged();
    const second = await queueChanged();
    const slow = catcher.holdNext();
    const run = t.app.services.emailDelivery.deliverDue();
    // The run has claimed both and is stuck sending one of them; another instance takes over both claims.
    await slow.arrived;
    await db()
      .update(emailOutbox)
      .set({ lockedBy: 'another-instance', lockedUntil: new Date(Date.now() + 10 * MINUTE) })
      .where(sql`${emailOutbox.id} in (${first.id}, ${second.id})`);
    slow.release();
    // The one already on the wire arrives; the other is left to the instance that holds it now.
    expect((await run).sent).toBe(1);
    expect(received(first.to).length + received(second.to).length).toBe(1);
    const rows = [await rowOf(first.id), await rowOf(second.id)];
    expect(rows.every((r) => r.lockedBy === 'another-instance' && r.status === 'sending')).toBe(true);
    await db()
      .update(emailOutbox)
      .set({ status: 'sent' })
      .where(sql`${emailOutbox.id} in (${first.id}, ${second.id})`);
  });

  it('sending one message now waits for the delivery run that took it first, and says it was sent', async () => {
    const { id, to } = await queueChanged();
    const slow = catcher.holdNext();
    const run = t.app.services.emailDelivery.deliverDue();
    await slow.arrived;
    // The action's own attempt finds the job's claim on it, and must not answer "queued" meanwhile.
    const now = t.app.services.emailDelivery.deliverOne(id);
    await new Promise((resolve) => setTimeout(resolve, 250));
    slow.release();
    expect(await now).toMatchObject({ status: 'sent', error: null });
    await run;
    expect(received(to)).toHaveLength(1);
  });

  it('says queued when the run that holds the message does not finish within the wait', async () => {
    const { id } = await queueChanged();
    await db()
      .update(emailOutbox)
      .set({ status: 'sending', lockedBy: 'stuck', lockedUntil: new Date(Date.now() + 10 * MINUTE) })
      .where(eq(emailOutbox.id, id));
    const delivery = createEmailDelivery({
      db: db(),
      config: t.app.services.config,
      queue: t.app.services.email,
      keyring: t.app.services.keyring,
      instance: 'impatient',
      otherRunWaitMs: 300,
    });
    expect(await delivery.deliverOne(id)).toMatchObject({ status: 'queued', error: null });
    await db().update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.id, id));
  });

  it('seals a sensitive body at rest and erases it once sent', async () => {
    const to = address();
    const password = `Zebra-${randomBytes(6).toString('hex')}`;
    const result = await t.app.services.email.queue(db(), {
      template: 'team_invitation',
      to: { email: to },
      data: { firstName: 'Sam', lastName: 'Ode', email: to, temporaryPassword: password, signInUrl: 'x' },
    });
    expect(result.status).toBe('queued');
    const id = (result as { id: string }).id;
    const raw = await db().execute(sql`select body_text, body_html from email_outbox where id = ${id}`);
    const stored = JSON.stringify((raw as unknown as { rows: unknown[] }).rows);
    expect(stored).not.toContain(password);
    expect(stored.length).toBeGreaterThan(50);

    await t.app.services.emailDelivery.deliverDue();
    const [mail] = received(to);
    expect(mail?.text).toContain(password);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', bodyText: null, bodyHtml: null });
  });

  it('attaches the invoice PDF, rendered at delivery', async () => {
    const customer = await signUp(t);
    expect((await checkout(t, customer, CARDS.visa)).statusCode).toBe(200);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.customerId, customer.id));
    expect(invoice).toBeDefined();
    const result = await t.app.services.email.queue(db(), {
      template: 'payment_success',
      to: { email: customer.email },
      data: {
        firstName: 'Jordan',
        lastName: 'Driver',
        email: customer.email,
        companyName: 'Roadrunner Freight',
        planName: 'Starter',
        amount: '$29.00',
        invoiceNumber: invoice!.number,
        paymentDate: 'today',
        portalUrl: 'x',
      },
      customerId: customer.id,
      attachments: [{ kind: 'invoice', invoiceId: invoice!.id }],
    });
    expect(result.status).toBe('queued');
    await t.app.services.emailDelivery.deliverDue();
    const mail = await catcher.waitFor(
      (m) => m.to.includes(customer.email) && m.subject.startsWith('Payment'),
    );
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `invoice-${invoice!.number}.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('two workers delivering at once send each message exactly once', async () => {
    const second = await t.secondInstance();
    try {
      const queued = await Promise.all(Array.from({ length: 30 }, () => queueChanged()));
      await Promise.all([
        t.app.services.emailDelivery.deliverDue(),
        second.app.services.emailDelivery.deliverDue(),
      ]);
      await t.app.services.emailDelivery.deliverDue();
      for (const { id, to } of queued) {
        expect(received(to)).toHaveLength(1);
        expect((await rowOf(id)).status).toBe('sent');
      }
    } finally {
      await second.close();
    }
  });
});

describe('SendGrid and no transport', () => {
  const KEY = randomBytes(32).toString('hex');
  const API_KEY = `SG.${randomBytes(12).toString('hex')}`;
  let relay: MailCatcher;
  let s: TestApp;
  beforeAll(async () => {
    relay = await startMailCatcher({ auth: { user: 'apikey', pass: API_KEY } });
    s = await createTestApp({ SETTINGS_ENCRYPTION_KEY: KEY, SENDGRID_SMTP_URL: relay.url });
  });
  afterAll(async () => {
    await s.close();
    await relay.close();
  });

  it('keeps messages queued with no transport, then sends them through SendGrid once its key is saved', async () => {
    const to = address();
    const result = await s.app.services.email.queue(s.database.db, {
      template: 'password_changed',
      to: { email: to },
      data: { firstName: 'Ana', lastName: 'Ruiz', email: to, signInUrl: 'x' },
    });
    const id = (result as { id: string }).id;
    expect(await s.app.services.emailDelivery.deliverDue()).toMatchObject({ noTransport: true, sent: 0 });
    const waiting = (await s.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });

    const admin = await s.staffCookie('admin@motorpool.local');
    expect((await s.put(admin, '/api/admin/api-settings', { sendgridApiKey: API_KEY })).statusCode).toBe(200);
    const run = await s.app.services.emailDelivery.deliverDue();
    expect(run.sent).toBe(1);
    const mail = await relay.waitFor((m) => m.to.includes(to));
    expect(mail.user).toBe('apikey');
    const sent = (await s.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
    expect(sent).toMatchObject({ status: 'sent', transport: 'sendgrid' });
  });
});
