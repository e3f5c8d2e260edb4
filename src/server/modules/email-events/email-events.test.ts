import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, registration, type TestApp } from '../../../../tests/setup/test-app';
import { CARDS, checkout, created, signUp, unique } from '../../../../tests/setup/customers';
import { customerFormInput, changeStaffPassword } from '../../../../tests/setup/staff';
import { emailsTo, invitedPassword, lastEmailTo, linkIn } from '../../../../tests/setup/mail';
import { planOf } from '../../../../tests/setup/query-plans';
import { DEFAULT_CUSTOMER_SETTINGS } from '../../../shared/contracts/portal';
import { emailOutbox, invoices, payments } from '../../db/schema';

/**
 * The emails of the product's events (docs/email.md "Which event sends what"): each queued in the
 * outbox by the event's own transaction, and no secret left in any answer.
 */
let t: TestApp;
let admin: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://fleet.example.com' });
  admin = await t.staffCookie('admin@motorpool.local');
});
afterAll(() => t.close());

const signInAs = (email: string, password: string, userAgent: string, url = '/api/auth/dealer-login') =>
  t.app.inject({ method: 'POST', url, payload: { email, password }, headers: { 'user-agent': userAgent } });

describe('in the event’s transaction', () => {
  it('a self sign-up queues the welcome email with its trial days, end date and sign-in link', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const [mail, ...more] = await emailsTo(t, c.email, 'welcome');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      customerId: c.id,
      status: 'queued',
      sensitive: false,
      dedupeKey: `welcome:${c.id}`,
    });
    expect(mail!.subject).toBe('Welcome to Motorpool, Jordan!');
    expect(mail!.text).toContain('Your Professional trial is ready: you have 14 days, until ');
    // The company's date format (System Settings, MM/DD/YYYY by default), as on its invoices.
    expect(mail!.text).toMatch(/until \d{2}\/\d{2}\/\d{4}, to try/);
    expect(mail!.text).toContain('https://fleet.example.com/customer-login');
  });

  it('a sign-up refused after its insert leaves no message', async () => {
    // Fails at commit, after the welcome email was written in the same transaction.
    await db()
      .execute(sql`create or replace function refuse_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`);
    await db().execute(sql`create constraint trigger refuse_company after insert on customers
      deferrable initially deferred for each row when (new.company_name = 'Refused At Commit')
      execute function refuse_at_commit()`);
    try {
      const input = registration({ companyName: 'Refused At Commit' });
      const res = await t.app.inject({ method: 'POST', url: '/api/customers', payload: input });
      expect(res.statusCode).toBe(500);
      expect(await emailsTo(t, input.email)).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger refuse_company on customers`);
    }
  });

  it('a rolled-back payment leaves no receipt', async () => {
    const c = await signUp(t);
    await db()
      .execute(sql`create or replace function refuse_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`);
    await db().execute(
      sql.raw(`create constraint trigger refuse_payment after insert on payments
      deferrable initially deferred for each row when (new.customer_id = '${c.id}')
      execute function refuse_at_commit()`),
    );
    try {
      const paid = await checkout(t, c, CARDS.visa);
      expect(paid.statusCode).toBeGreaterThanOrEqual(400);
      expect(await db().select().from(payments).where(eq(payments.customerId, c.id))).toEqual([]);
      expect(await emailsTo(t, c.email, 'payment_success')).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger refuse_payment on payments`);
    }
  });
});

describe('payments', () => {
  it('a successful payment queues its receipt once, with the invoice PDF attached', async () => {
    const c = await signUp(t, { planId: 'professional' });
    expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.customerId, c.id));
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, payment!.invoiceId!));
    const [mail, ...more] = await emailsTo(t, c.email, 'payment_success');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      customerId: c.id,
      dedupeKey: `payment_success:${payment!.id}`,
      attachments: [{ kind: 'invoice', invoiceId: invoice!.id }],
    });
    expect(mail!.subject).toBe(
      `Payment received: $${(payment!.amountCents / 100).toFixed(2)} for Professional`,
    );
    expect(mail!.text).toContain(`Invoice ${invoice!.number} is attached`);
    expect(mail!.text).toContain('https://fleet.example.com/customer-billing');
  });

  it('a declined payment queues payment_failed with the reason, once per attempt', async () => {
    const c = await signUp(t);
    await checkout(t, c, CARDS.declined);
    await checkout(t, c, CARDS.insufficient);
    const failed = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, c.id), eq(payments.status, 'failed')));
    expect(failed).toHaveLength(2);
    const mails = await emailsTo(t, c.email, 'payment_failed');
    expect(mails.map((m) => m.dedupeKey).sort()).toEqual(failed.map((p) => `payment_failed:${p.id}`).sort());
    for (const p of failed) {
      const mail = mails.find((m) => m.dedupeKey === `payment_failed:${p.id}`)!;
      expect(mail.text).toContain(`: ${p.failureMessage!.replace(/\.$/, '')}.`);
    }
  });

  it('the opt-out of the portal settings is honoured for receipts', async () => {
    const c = await signUp(t);
    const off = await t.put(c, `/api/customer/settings/${encodeURIComponent(c.email)}`, {
      ...DEFAULT_CUSTOMER_SETTINGS,
      emailNotifications: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
    expect(await emailsTo(t, c.email, 'payment_success')).toEqual([]);
  });
});

describe('account status', () => {
  it('a suspension by staff queues account_suspended (Suspend and an edit to suspended)', async () => {
    const a = await signUp(t);
    expect((await t.post(admin, `/api/admin/customers/${a.id}/suspend`, {})).statusCode).toBe(200);
    expect(await emailsTo(t, a.email, 'account_suspended')).toHaveLength(1);

    const input = customerFormInput();
    const { customer } = await created(t, admin, '/api/admin/customers', input);
    const edit = await t.put(admin, `/api/admin/customers/${customer.id}`, { ...input, status: 'suspended' });
    expect(edit.statusCode, edit.body).toBe(200);
    const [mail] = await emailsTo(t, input.email, 'account_suspended');
    expect(mail!.text).toContain(`The Motorpool account of ${input.companyName} has been suspended`);
    // Saved again while suspended: no second email.
    await t.put(admin, `/api/admin/customers/${customer.id}`, { ...input, status: 'suspended' });
    expect(await emailsTo(t, input.email, 'account_suspended')).toHaveLength(1);
  });
});

describe('security emails', () => {
  it('a changed password is told by email, for a customer and for staff', async () => {
    const c = await signUp(t);
    const changed = await t.post(c, '/api/auth/change-password', {
      email: c.email,
      currentPassword: c.password,
      newPassword: 'Changed#Pass-2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const mail = await lastEmailTo(t, c.email, 'password_changed');
    expect(mail).toMatchObject({ customerId: c.id, sensitive: false });
    expect(mail.text).toContain('https://fleet.example.com/customer-login');

    const input = { ...customerFormInput(), email: `staff.${unique()}@staff.example` };
    const made = await t.post(admin, '/api/admin/users', {
      email: input.email,
      firstName: 'Sam',
      lastName: 'Staff',
      phone: '(555) 010-2000',
      address: '1 Depot Road',
      role: 'sales',
    });
    expect(made.statusCode, made.body).toBe(201);
    const staff = await t.staffCookie(input.email, await invitedPassword(t, input.email));
    const own = await changeStaffPassword(t, staff, await invitedPassword(t, input.email), 'Staff#Own-2026x');
    expect(own.statusCode, own.body).toBe(200);
    const staffMail = await lastEmailTo(t, input.email, 'password_changed');
    expect(staffMail.staffUserId).toBe(made.json().user.id);
    expect(staffMail.text).toContain('https://fleet.example.com/admin-login');
  });

  it('a sign-in from a browser not seen before for the account is told, once per browser', async () => {
    const c = await signUp(t); // signs in once: the first sign-in is not news
    expect(await emailsTo(t, c.email, 'new_sign_in')).toEqual([]);
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    expect((await signInAs(c.email, c.password, firefox)).statusCode).toBe(200);
    const [mail, ...more] = await emailsTo(t, c.email, 'new_sign_in');
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain('Browser: Firefox on Linux');
    expect(mail!.text).toContain('From: 127.0.0.1');
    // The same browser again, and the first one again: nothing new.
    await signInAs(c.email, c.password, firefox);
    await signInAs(c.email, c.password, 'lightMyRequest');
    expect(await emailsTo(t, c.email, 'new_sign_in')).toHaveLength(1);
    // Staff too.
    await signInAs('manager@motorpool.local', 'Motorpool#2026', 'lightMyRequest', '/api/auth/admin-login');
    await signInAs('manager@motorpool.local', 'Motorpool#2026', firefox, '/api/auth/admin-login');
    expect(await emailsTo(t, 'manager@motorpool.local', 'new_sign_in')).toHaveLength(1);
  });

  it('the new-browser check looks up the sign-ins index by person and address, not every earlier sign-in', async () => {
    const c = await signUp(t);
    // Earlier sign-ins, so that a count of them would have something to count.
    for (let i = 0; i < 2; i++)
      expect((await signInAs(c.email, c.password, 'lightMyRequest')).statusCode).toBe(200);
    const statements = await t.statementsDuring(async () => {
      expect((await signInAs(c.email, c.password, 'lightMyRequest')).statusCode).toBe(200);
    });
    const check = statements.find((s) => s.sql.startsWith('select exists((select 1 from "audit_logs"'));
    expect(check, statements.map((s) => s.sql).join('\n')).toBeDefined();
    expect(check!.sql).not.toMatch(/count\(/);
    const { indexes, seqScans } = await planOf(t, check!);
    expect([...indexes]).toEqual(['audit_logs_sign_in_actor_idx']);
    expect(seqScans.size).toBe(0);
  });
});

describe('no secret left in any answer', () => {
  it('create customer, team member, fleet invite, payment and subscription requests answer where it went', async () => {
    const answers: { body: string; secret: string }[] = [];

    const customerInput = customerFormInput();
    const customer = await t.post(admin, '/api/admin/customers', customerInput);
    answers.push({ body: customer.body, secret: await invitedPassword(t, customerInput.email) });

    const staffEmail = `member.${unique()}@staff.example`;
    const member = await t.post(admin, '/api/admin/users', {
      email: staffEmail,
      firstName: 'Riley',
      lastName: 'Member',
      phone: '(555) 010-2000',
      address: '1 Depot Road',
      role: 'sales',
    });
    answers.push({ body: member.body, secret: await invitedPassword(t, staffEmail) });

    const owner = await signUp(t, { planId: 'professional' });
    const crewEmail = `crew.${unique()}@example.com`;
    const invite = await t.post(owner, '/api/fleet/team', {
      firstName: 'Crew',
      lastName: 'M',
      email: crewEmail,
    });
    answers.push({ body: invite.body, secret: await invitedPassword(t, crewEmail) });

    const request = await t.post(admin, '/api/admin/send-payment-request', {
      customerId: owner.id,
      amount: 42,
      description: 'Extra units',
    });
    const requestMail = await lastEmailTo(t, owner.email, 'payment_request');
    answers.push({
      body: request.body,
      secret: new URL(linkIn(requestMail, '/checkout?')).searchParams.get('link')!,
    });
    expect(request.json().sentTo).toMatchObject({ email: owner.email });

    const subscription = await t.post(admin, '/api/admin/create-subscription-request', {
      customerId: owner.id,
    });
    const subscriptionMail = await lastEmailTo(t, owner.email, 'subscription_request');
    answers.push({
      body: subscription.body,
      secret: new URL(linkIn(subscriptionMail, '/checkout?')).searchParams.get('link')!,
    });

    for (const { body, secret } of answers) {
      expect(secret.length).toBeGreaterThan(8);
      expect(body).not.toContain(secret);
      expect(body).not.toMatch(/temporaryPassword|tempPassword|"url"|paymentLink/);
    }
    // Each sealed in the outbox until delivered.
    const sealed = await db()
      .select({ sensitive: emailOutbox.sensitive, bodyText: emailOutbox.bodyText })
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, owner.email));
    for (const row of sealed.filter((r) => r.sensitive)) {
      for (const { secret } of answers) expect(row.bodyText).not.toContain(secret);
    }
  });
});
