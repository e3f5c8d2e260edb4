// "Sent" means sent (docs/email.md): every action that emails a password or a payment link answers what
// became of that email. Without a mail transport it waits in the outbox and the answer says so, with the
// outbox id; with one (the local SMTP fake) it is delivered at once and the answer says sent; a refusal
// for now is queued with the server's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { startMailCatcher, type MailCatcher } from '../../../../tests/fakes/smtp-server';
import { unique } from '../../../../tests/setup/customers';
import { customerFormInput } from '../../../../tests/setup/staff';
import type { EmailDelivery } from '../../../shared/contracts/email-delivery';
import { emailOutbox } from '../../db/schema';

let catcher: MailCatcher;
let bare: TestApp;
let mailing: TestApp;
beforeAll(async () => {
  catcher = await startMailCatcher();
  [bare, mailing] = await Promise.all([createTestApp(), createTestApp({ SMTP_URL: catcher.url })]);
});
afterAll(async () => {
  await Promise.all([bare.close(), mailing.close()]);
  await catcher.close();
});

const statusOf = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]?.status;

/** Every action that emails a secret, on one app: each answer's delivery report. */
async function everyAction(t: TestApp) {
  const admin = await t.staffCookie('admin@motorpool.local');
  const input = customerFormInput({ password: 'Staff#Made1' });
  const created = await t.post(admin, '/api/admin/customers', input);
  expect(created.statusCode, created.body).toBe(201);
  const customerId = created.json().customer.id as string;
  // The owner signs in with the password staff set before Send again replaces it.
  const owner = await t.customerSession(input.email, 'Staff#Made1');
  const invite = await t.post(owner, '/api/fleet/team', {
    firstName: 'Crew',
    lastName: 'Member',
    email: `crew.${unique()}@example.com`,
  });
  expect(invite.statusCode, invite.body).toBe(201);

  const again = await t.post(admin, `/api/admin/customers/${customerId}/send-password`, {});
  expect(again.statusCode, again.body).toBe(200);
  const detail = await t.get(admin, `/api/admin/customers/${customerId}`);

  const member = await t.post(admin, '/api/admin/users', {
    email: `staff.${unique()}@example.com`,
    firstName: 'Sam',
    lastName: 'Lee',
    phone: '+1 555 010 0000',
    address: '1 Main St',
    role: 'sales',
  });
  expect(member.statusCode, member.body).toBe(201);

  const request = await t.post(admin, '/api/admin/send-payment-request', {
    customerId,
    amount: 42,
    description: 'Extra telematics units',
    type: 'invoice',
  });
  expect(request.statusCode, request.body).toBe(201);

  return {
    customer: created.json(),
    again: again.json(),
    detail: detail.json(),
    member: member.json(),
    request: request.json(),
    invite: invite.json(),
    transport: (await t.get(admin, '/api/admin/email/transport')).json(),
  };
}

describe('without a mail transport (the default)', () => {
  it('says every password and link is queued and not delivered, with its outbox message', async () => {
    const a = await everyAction(bare);
    expect(a.transport).toEqual({ configured: false, kind: null });
    const reports: [string, EmailDelivery][] = [
      ['add customer', a.customer.delivery],
      ['send again', a.again.delivery],
      ['edit dialog', a.detail.passwordEmail],
      ['add staff member', a.member.delivery],
      ['payment request', a.request.delivery],
      ['fleet invite', a.invite.delivery],
    ];
    for (const [what, report] of reports) {
      expect(report, what).toMatchObject({ status: 'queued', transportConfigured: false, error: null });
      expect(await statusOf(bare, report.outboxId!), what).toBe('queued');
    }
    // The edit dialog reads the newest password email: the one Send again wrote.
    expect(a.detail.passwordEmail.outboxId).toBe(a.again.delivery.outboxId);
    for (const message of [a.again.message, a.request.message, a.invite.message]) {
      expect(message).toMatch(/queued for \S+ and not delivered: no mail transport is configured\./);
      expect(message).not.toMatch(/was sent/);
    }
  });
});

describe('with a mail transport (SMTP_URL)', () => {
  it('delivers each at once and says it was sent, the message carrying its outbox id', async () => {
    const a = await everyAction(mailing);
    expect(a.transport).toEqual({ configured: true, kind: 'smtp' });
    const reports: [string, EmailDelivery][] = [
      ['add customer', a.customer.delivery],
      ['send again', a.again.delivery],
      ['add staff member', a.member.delivery],
      ['payment request', a.request.delivery],
      ['fleet invite', a.invite.delivery],
    ];
    for (const [what, report] of reports) {
      expect(report, what).toMatchObject({ status: 'sent', transportConfigured: true, error: null });
      expect(await statusOf(mailing, report.outboxId!), what).toBe('sent');
      const got = catcher.messages.find((m) => m.messageId === `<${report.outboxId}@motorpool.local>`);
      expect(got?.to, what).toContain(report.to);
    }
    expect(a.detail.passwordEmail).toMatchObject({ status: 'sent', outboxId: a.again.delivery.outboxId });
    expect(a.again.message).toBe(`A new temporary password was sent by email to ${a.again.email}.`);
    expect(a.request.message).toMatch(/: the payment link was sent by email to \S+\.$/);
  });

  it("says queued with the server's words when the mail server refuses it for now", async () => {
    const admin = await mailing.staffCookie('admin@motorpool.local');
    catcher.refuseNext(1);
    const res = await mailing.post(admin, '/api/admin/customers', customerFormInput());
    expect(res.statusCode, res.body).toBe(201);
    const { delivery } = res.json() as { delivery: EmailDelivery };
    expect(delivery).toMatchObject({ status: 'queued', transportConfigured: true });
    expect(delivery.error).toMatch(/451/);
    expect(await statusOf(mailing, delivery.outboxId!)).toBe('queued');
  });
});

describe('GET /api/admin/email/transport', () => {
  it('is open to every staff member (the dashboard says it) and to no customer', async () => {
    const sales = await bare.staffCookie('sales@motorpool.local');
    expect((await bare.get(sales, '/api/admin/email/transport')).statusCode).toBe(200);
    expect((await bare.app.inject({ method: 'GET', url: '/api/admin/email/transport' })).statusCode).toBe(
      401,
    );
  });
});
