import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { created, unique } from '../../../../tests/setup/customers';
import { customerFormInput } from '../../../../tests/setup/staff';
import { activities, appMeta, auditLogs, customers, sessions, subscriptions } from '../../db/schema';
import { secretBox } from '../../auth/secret-box';
import { loadConfig } from '../../config';
import { setCustomerStatus } from '../billing';
import { emailsTo, invitedPassword, lastEmailTo, passwordIn } from '../../../../tests/setup/mail';
import type { CustomerStatus, SubscriptionStatus } from '../../../shared/statuses';

let t: TestApp;
let admin: string;
useTestApp({ staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const db = () => t.database.db;

const signIn = (email: string, password: string) => t.customerLogin(email, password);

/** A customer staff created, with its sign-in and a team member signed in too. */
async function accountWithTeam(password = 'Staff#Made1') {
  const input = customerFormInput({ password });
  const { customer } = await created(t, admin, '/api/admin/customers', input);
  const owner = await t.customerSession(input.email, password);
  const memberEmail = `crew.${unique()}@example.com`;
  const invited = await created(t, owner, '/api/fleet/team', {
    firstName: 'Crew',
    lastName: 'Member',
    email: memberEmail,
  });
  expect(invited).not.toHaveProperty('temporaryPassword');
  const memberPassword = await invitedPassword(t, memberEmail);
  const member = await t.customerSession(memberEmail, memberPassword);
  return { id: customer.id as string, input, owner, member, memberEmail, memberPassword };
}

describe('the temporary password of a customer staff created', () => {
  it('is generated when left empty: 12 characters, 8 lowercase or digits and 4 uppercase', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { customer } = await created(
        t,
        admin,
        '/api/admin/customers',
        customerFormInput({ password: '' }),
      );
      expect(customer).not.toHaveProperty('tempPassword');
      const password = await invitedPassword(t, customer.email as string);
      expect(password).toMatch(/^[a-zA-Z0-9]{12}$/);
      expect(password.replace(/[^A-Z]/g, '')).toHaveLength(4);
      expect(password.replace(/[^a-z0-9]/g, '')).toHaveLength(8);
      seen.add(password);
    }
    expect(seen.size).toBe(3);
  });

  it('goes by email only (sealed in the outbox), signs in, and once replaced shows as set by the customer', async () => {
    const input = customerFormInput();
    const made = await t.post(admin, '/api/admin/customers', input);
    const { id } = made.json().customer as { id: string };
    expect(made.json().customer).toMatchObject({
      isPasswordSet: false,
      passwordPending: true,
      lastPasswordChange: null,
    });
    const mail = await lastEmailTo(t, input.email, 'account_invitation');
    const tempPassword = passwordIn(mail);
    expect(made.body).not.toContain(tempPassword);

    // Kept nowhere readable: sealed in the outbox row, never in the account, the trail or the feed.
    expect(mail.sensitive).toBe(true);
    expect(mail.bodyText).not.toContain(tempPassword);
    const [stored] = await db().select().from(customers).where(eq(customers.id, id));
    expect(JSON.stringify(stored)).not.toContain(tempPassword);
    const trail = await db().select().from(auditLogs).where(eq(auditLogs.accountId, id));
    const feed = await db().select().from(activities).where(eq(activities.customerId, id));
    expect(JSON.stringify([trail, feed])).not.toContain(tempPassword);

    const detail = await t.get(admin, `/api/admin/customers/${id}`);
    expect(detail.json()).toMatchObject({ isPasswordSet: false, passwordPending: true });
    expect(detail.body).not.toContain(tempPassword);

    const first = await signIn(input.email, tempPassword);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      redirectUrl: '/change-password',
      customer: { isPasswordSet: false, isOwner: true },
    });
    const session = { cookie: first.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
    const changed = await t.post(session, '/api/auth/change-password', {
      email: input.email,
      currentPassword: tempPassword,
      newPassword: 'Own#Choice-2026',
    });
    expect(changed.statusCode).toBe(200);

    const after = await t.get(admin, `/api/admin/customers/${id}`);
    expect(after.json()).toMatchObject({ isPasswordSet: true, passwordPending: false });
    expect(after.json().lastPasswordChange).not.toBeNull();

    expect((await signIn(input.email, tempPassword)).statusCode).toBe(401);
    const next = await signIn(input.email, 'Own#Choice-2026');
    expect(next.json()).toMatchObject({
      redirectUrl: '/customer-dashboard',
      customer: { isPasswordSet: true },
    });
  });

  it('a team member invited with a temporary password is asked to replace it the same way', async () => {
    const { memberEmail, memberPassword } = await accountWithTeam();
    const res = await signIn(memberEmail, memberPassword);
    expect(res.json()).toMatchObject({
      redirectUrl: '/change-password',
      customer: { isPasswordSet: false, isOwner: false },
    });
  });

  it('Send again emails a new one (the old one stops working), and is refused once the customer set theirs', async () => {
    const input = customerFormInput();
    await created(t, admin, '/api/admin/customers', input);
    const [{ id }] = [
      (await t.get(admin, `/api/admin/customers?search=${encodeURIComponent(input.email)}`)).json().items[0],
    ];
    const first = await invitedPassword(t, input.email);
    const again = await t.post(admin, `/api/admin/customers/${id}/send-password`, {});
    expect(again.statusCode, again.body).toBe(200);
    // No mail transport in this app: the answer says the email waits in the outbox, not that it went.
    expect(again.json()).toEqual({
      success: true,
      message: `A new temporary password is queued for ${input.email} and not delivered: no mail transport is configured.`,
      email: input.email,
      delivery: {
        to: input.email,
        status: 'queued',
        outboxId: expect.any(String),
        transportConfigured: false,
        error: null,
      },
    });
    const second = await invitedPassword(t, input.email);
    expect(second).not.toBe(first);
    expect(again.body).not.toContain(second);
    expect((await signIn(input.email, first)).statusCode).toBe(401);
    const session = await signIn(input.email, second);
    expect(session.statusCode).toBe(200);
    const cookie = { cookie: session.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
    await t.post(cookie, '/api/auth/change-password', {
      email: input.email,
      currentPassword: second,
      newPassword: 'Own#Choice-2026',
    });
    const refused = await t.post(admin, `/api/admin/customers/${id}/send-password`, {});
    expect(refused.statusCode).toBe(409);
  });

  it('without APP_SECRET the key is made once and kept in the database, shared by every instance', async () => {
    const { customer } = await created(t, admin, '/api/admin/customers', customerFormInput());
    const [key] = await db().select().from(appMeta).where(eq(appMeta.key, 'secret_box_key'));
    expect(Buffer.from(key!.value, 'base64')).toHaveLength(32);
    const second = await t.secondInstance();
    try {
      const cookie = await second.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        payload: { email: 'admin@motorpool.local', password: 'Motorpool#2026' },
      });
      const res = await second.app.inject({
        method: 'GET',
        url: `/api/admin/customers/${customer.id}`,
        headers: { cookie: cookie.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      });
      expect(res.statusCode).toBe(200);
      // The second instance opens the sealed invitation the first one queued: one key for both.
      const [mail] = await emailsTo(t, customer.email as string, 'account_invitation');
      expect((await second.app.services.email.openBody(mail!)).text).toBe(mail!.text);
    } finally {
      await second.close();
    }
  });
});

describe('APP_SECRET', () => {
  it('keys the box when set: the database holds no key, and another secret cannot open', async () => {
    const secret = 'a'.repeat(40);
    const box = secretBox(db(), secret);
    const sealed = await box.seal('Temp#Pass99', 'customer:x');
    expect(await box.open(sealed, 'customer:x')).toBe('Temp#Pass99');
    expect(await box.open(sealed, 'customer:y')).toBeNull();
    expect(await secretBox(db(), 'b'.repeat(40)).open(sealed, 'customer:x')).toBeNull();
    expect(await secretBox(db(), undefined).open(sealed, 'customer:x')).toBeNull();
    expect(await box.open('v1.broken', 'customer:x')).toBeNull();
    expect(await box.open('garbage', 'customer:x')).toBeNull();
  });

  it('an app started with it seals the emailed temporary passwords, with no key stored', async () => {
    const other = await createTestApp({ APP_SECRET: 'x'.repeat(48) });
    try {
      const cookie = await other.staffCookie('admin@motorpool.local');
      const { customer } = await created(other, cookie, '/api/admin/customers', customerFormInput());
      expect(await invitedPassword(other, customer.email as string)).toMatch(/^[a-zA-Z0-9]{12}$/);
      const keys = await other.database.db.select().from(appMeta).where(eq(appMeta.key, 'secret_box_key'));
      expect(keys).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('is refused at start when shorter than 32 characters', () => {
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow('APP_SECRET must be at least 32 characters');
  });
});

describe('suspend and reactivate', () => {
  const suspend = (id: string, cookie = admin) => t.post(cookie, `/api/admin/customers/${id}/suspend`);
  const reactivate = (id: string, cookie = admin) => t.post(cookie, `/api/admin/customers/${id}/reactivate`);

  it('suspension ends every session of the account and refuses sign-in to the owner and the team', async () => {
    const a = await accountWithTeam();
    const res = await suspend(a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Customer suspended',
      customer: { status: 'suspended' },
    });
    expect(res.json().customer.suspendedAt).not.toBeNull();

    expect(await db().select().from(sessions).where(eq(sessions.customerId, a.id))).toEqual([]);
    expect((await t.get(a.owner, '/api/fleet/vehicles')).statusCode).toBe(401);
    expect((await t.get(a.member, '/api/fleet/vehicles')).statusCode).toBe(401);

    const suspended = {
      success: false,
      message: 'This account is suspended. Please contact support.',
      errorType: 'account_suspended',
    };
    const owner = await signIn(a.input.email, a.input.password);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual(suspended);
    const member = await signIn(a.memberEmail, a.memberPassword);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual(suspended);
    expect(await db().select().from(sessions).where(eq(sessions.customerId, a.id))).toEqual([]);
    // A wrong password learns nothing about the account's state.
    const wrong = await signIn(a.input.email, 'Wrong#Pass-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorType).toBe('invalid_password');

    const trail = await auditRowsWhere(t, { resourceId: a.id, action: 'suspend' });
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorEmail: 'admin@motorpool.local', oldValues: { status: 'active' } });
    const feed = await db().select().from(activities).where(eq(activities.customerId, a.id));
    expect(feed.map((f) => [f.action, f.description])).toContainEqual([
      'customer_updated',
      `${a.input.companyName} was suspended by staff`,
    ]);
  });

  it('a session into a suspended account, however it came to be, gets 403 on every customer route', async () => {
    const a = await accountWithTeam();
    // As if a sign-in had slipped in while the suspension committed: the session exists, the status says no.
    await db().update(customers).set({ status: 'suspended' }).where(eq(customers.id, a.id));
    for (const [who, url] of [
      [a.owner, '/api/fleet/vehicles'],
      [a.member, '/api/fleet/vehicles'],
      [a.owner, '/api/customer/billing-info'],
    ] as const) {
      const res = await t.get(who, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'This account is suspended. Please contact support.' });
    }
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/fleet/vehicles',
      headers: { authorization: `Bearer ${a.owner.token}` },
    });
    expect(bearer.statusCode).toBe(403);
  });

  it('reactivation restores sign-in with the status the subscription implies', async () => {
    const a = await accountWithTeam();
    await suspend(a.id);
    const res = await reactivate(a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Customer reactivated',
      customer: { status: 'active', suspendedAt: null, subscriptionStatus: 'trialing' },
    });
    expect((await signIn(a.input.email, a.input.password)).statusCode).toBe(200);
    expect((await signIn(a.memberEmail, a.memberPassword)).statusCode).toBe(200);
    const trail = await auditRowsWhere(t, { resourceId: a.id, action: 'reactivate' });
    expect(trail[0]).toMatchObject({ newValues: { status: 'active', subscriptionStatus: 'trialing' } });
  });

  it.each([
    ['active', 'active'],
    ['past_due', 'active'],
    ['pending', 'pending'],
    ['canceled', 'cancelled'],
  ] as const satisfies [SubscriptionStatus, CustomerStatus][])(
    'a %s subscription reactivates the account as %s',
    async (subscription, expected) => {
      const { customer } = await created(t, admin, '/api/admin/customers', customerFormInput());
      await suspend(customer.id);
      await db()
        .update(subscriptions)
        .set({ status: subscription })
        .where(eq(subscriptions.customerId, customer.id));
      expect((await reactivate(customer.id)).json().customer.status).toBe(expected);
    },
  );

  it('409 with a clear message: suspend only an active customer, reactivate only a suspended one', async () => {
    const { customer } = await created(t, admin, '/api/admin/customers', customerFormInput());
    const notSuspended = await reactivate(customer.id);
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().message).toBe(
      `Only a suspended customer can be reactivated. ${customer.companyName} is active.`,
    );
    await suspend(customer.id);
    const again = await suspend(customer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Only an active customer can be suspended. ${customer.companyName} is suspended.`,
    );
    const pending = await created(t, admin, '/api/admin/customers', customerFormInput({ status: 'pending' }));
    expect((await suspend(pending.customer.id)).statusCode).toBe(409);
  });

  it('billing never lifts a suspension; it still sets the status of an account that is not suspended', async () => {
    const { customer } = await created(t, admin, '/api/admin/customers', customerFormInput());
    await suspend(customer.id);
    await db().transaction((tx) => setCustomerStatus(tx, customer.id, 'active', new Date()));
    const [held] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(held!.status).toBe('suspended');
    await reactivate(customer.id);
    await db().transaction((tx) => setCustomerStatus(tx, customer.id, 'pending', new Date()));
    const [followed] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(followed!.status).toBe('pending');
  });

  it('sign-in racing a suspension never leaves a usable session', async () => {
    const a = await accountWithTeam();
    const [signedIn, suspended] = await Promise.all([signIn(a.input.email, a.input.password), suspend(a.id)]);
    expect(suspended.statusCode).toBe(200);
    expect([200, 403]).toContain(signedIn.statusCode);
    if (signedIn.statusCode === 200) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/fleet/vehicles',
        headers: { authorization: `Bearer ${signedIn.json().token}` },
      });
      expect([401, 403]).toContain(res.statusCode);
    }
  });
});
