import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cookieHeader, createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  CARDS,
  addCard,
  billingInfo,
  checkout,
  signUp,
  type TestCustomer,
} from '../../../../tests/setup/customers';
import { auditLogs, customers, sessions } from '../../db/schema';

let t: TestApp;
let alice: TestCustomer;
let bob: TestCustomer;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([signUp(t, { firstName: 'Alice' }), signUp(t, { firstName: 'Bob' })]);
});
afterAll(() => t.close());

describe('a customer reaches only their own records', () => {
  const byEmail = [
    '/api/customer/profile/{email}',
    '/api/customer/settings/{email}',
    '/api/customer/latest-invoice/{email}',
    '/api/customer/payment-history/{email}',
  ];

  it.each(byEmail)("GET %s with another customer's email is 403", async (path) => {
    const res = await t.get(alice, path.replace('{email}', bob.email));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You can only access your own account.' });
  });

  it("bodies naming another customer's email are refused and change nothing", async () => {
    for (const [url, payload] of [
      ['/api/customer/upgrade-plan', { planId: 'enterprise', email: bob.email }],
      ['/api/customer/cancel-subscription', { email: bob.email }],
      ['/api/customer/update-billing-email', { email: bob.email, newBillingEmail: 'x@example.com' }],
    ] as const) {
      const res = await t.post(alice, url, payload);
      expect(res.statusCode, url).toBe(403);
    }
    const settings = await t.put(alice, `/api/customer/settings/${bob.email}`, {
      ...(await t.get(alice, `/api/customer/settings/${alice.email}`)).json().settings,
      marketingEmails: true,
    });
    expect(settings.statusCode).toBe(403);
    const info = await billingInfo(t, bob);
    expect(info).toMatchObject({
      currentPlan: { id: 'starter' },
      cancelAtPeriodEnd: false,
      billingEmail: bob.email,
    });
  });

  it("another customer's card or invoice is not found", async () => {
    await addCard(t, bob, CARDS.visa);
    const bobsCard = (await billingInfo(t, bob)).paymentMethods[0].id;
    const del = await t.delete(alice, `/api/customer/payment-methods/${bobsCard}`);
    expect(del.statusCode).toBe(404);
    const def = await t.post(alice, `/api/customer/payment-methods/${bobsCard}/set-default`);
    expect(def.statusCode).toBe(404);
    await checkout(t, bob, CARDS.visa);
    const invoice = (await billingInfo(t, bob)).invoices[0];
    const pdf = await t.get(alice, invoice.pdf_url);
    expect(pdf.statusCode).toBe(404);
    const own = await t.get(bob, invoice.pdf_url);
    expect(own.statusCode).toBe(200);
  });

  it('every portal call needs a session', async () => {
    for (const url of [
      '/api/customer/billing-info',
      `/api/customer/profile/${alice.email}`,
      '/api/customer/data-export',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('profile and billing info', () => {
  it('answers the portal customer with real usage and limits', async () => {
    const res = await t.get(alice, `/api/customer/profile/${alice.email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: alice.email,
      firstName: 'Alice',
      planId: 'starter',
      planName: 'Starter',
      planPrice: 120,
      subscriptionStatus: 'trialing',
      currentCars: 0,
      carLimit: 5,
      currentUsers: 1,
      userLimit: 3,
      usageStats: { vehicleUtilization: 0 },
    });
    expect(res.json().recentActivity[0]).toMatchObject({ action: 'customer_registered' });
  });

  it('shows the trial end as the next billing date and no card yet', async () => {
    const info = await billingInfo(t, alice);
    expect(info).toMatchObject({
      subscriptionStatus: 'trialing',
      paymentMethods: [],
      invoices: [],
      payment: { provider: 'sandbox' },
    });
    expect(info.nextBillingDate).toBe(info.trialEndsAt);
  });
});

describe('query budget (at most two queries for an authenticated read)', () => {
  it.each([
    ['profile', () => `/api/customer/profile/${alice.email}`],
    ['billing info', () => '/api/customer/billing-info'],
  ])('%s runs the session lookup and one query', async (_name, url) => {
    await addCard(t, alice, CARDS.visa);
    const queries = await t.queriesDuring(async () => {
      const res = await t.get(alice, url());
      expect(res.statusCode).toBe(200);
    });
    expect(queries).toHaveLength(2);
  });
});

describe('settings', () => {
  it('starts from the default settings and saves every field', async () => {
    const first = await t.get(alice, `/api/customer/settings/${alice.email}`);
    expect(first.json().settings).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      marketingEmails: false,
      securityAlerts: true,
      sessionTimeout: '1hour',
      autoRefresh: true,
      defaultView: 'map',
      refreshInterval: '1minute',
      distanceUnit: 'miles',
      exportFormat: 'csv',
      dataRetention: '365',
      autoExportReports: false,
    });
    const changed = {
      ...first.json().settings,
      distanceUnit: 'kilometers',
      dataRetention: '730',
      marketingEmails: true,
    };
    const saved = await t.put(alice, `/api/customer/settings/${alice.email}`, {
      ...changed,
      autoSaved: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, crmSyncStatus: 'success' });
    const again = await t.get(alice, `/api/customer/settings/${alice.email}`);
    expect(again.json().settings).toEqual(changed);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, alice.id));
    expect(audit.find((a) => a.resourceType === 'settings')?.newValues).toMatchObject({
      distanceUnit: 'kilometers',
      mode: 'auto',
    });
  });

  it('refuses values outside the lists', async () => {
    const base = (await t.get(alice, `/api/customer/settings/${alice.email}`)).json().settings;
    const res = await t.put(alice, `/api/customer/settings/${alice.email}`, {
      ...base,
      sessionTimeout: 'forever',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['sessionTimeout']);
  });
});

describe('billing email and address', () => {
  it('updates both, validated', async () => {
    const bad = await t.post(alice, '/api/customer/update-billing-email', {
      email: alice.email,
      newBillingEmail: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.post(alice, '/api/customer/update-billing-email', {
      email: alice.email,
      newBillingEmail: 'Accounts@Alice.example',
    });
    expect(ok.statusCode).toBe(200);
    const badAddress = await t.post(alice, '/api/customer/update-billing-address', {
      address: { street: '', city: 'Austin', state: 'TX', zipCode: '78701', country: 'FR' },
    });
    expect(badAddress.statusCode).toBe(400);
    expect(Object.keys(badAddress.json().errors).sort()).toEqual(['address.country', 'address.street']);
    const address = {
      street: '500 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'US',
    };
    const okAddress = await t.post(alice, '/api/customer/update-billing-address', { address });
    expect(okAddress.statusCode).toBe(200);
    const info = await billingInfo(t, alice);
    expect(info).toMatchObject({ billingEmail: 'accounts@alice.example', billingAddress: address });
  });
});

describe('payment methods', () => {
  it('adds cards, switches the default, never removes the last one', async () => {
    const c = await signUp(t);
    await addCard(t, c, CARDS.visa);
    await addCard(t, c, '5555 5555 5555 4444', false);
    let info = await billingInfo(t, c);
    expect(
      info.paymentMethods.map((p: { last4: string; isDefault: boolean }) => [p.last4, p.isDefault]),
    ).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    const second = info.paymentMethods[1].id;
    const first = info.paymentMethods[0].id;
    expect((await t.post(c, `/api/customer/payment-methods/${second}/set-default`)).statusCode).toBe(200);
    expect((await t.delete(c, `/api/customer/payment-methods/${first}`)).statusCode).toBe(200);
    info = await billingInfo(t, c);
    expect(
      info.paymentMethods.map((p: { last4: string; isDefault: boolean }) => [p.last4, p.isDefault]),
    ).toEqual([['4444', true]]);
    const last = await t.delete(c, `/api/customer/payment-methods/${second}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/at least one payment method/);
  });

  it('refuses bad card numbers and unknown tokens', async () => {
    const res = await t.post(alice, '/api/payments/sandbox/payment-methods', {
      card: { number: '1234 5678 9012 3456', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.number).toBe('Your card number is invalid.');
    const unknown = await t.post(alice, '/api/customer/add-payment-method', {
      paymentMethodId: 'pm_sbx_nope',
    });
    expect(unknown.statusCode).toBe(404);
    const junkId = await t.delete(alice, '/api/customer/payment-methods/not-a-uuid');
    expect(junkId.statusCode).toBe(400);
  });

  it("cannot attach another customer's card token", async () => {
    const token = await t.post(bob, '/api/payments/sandbox/payment-methods', {
      card: { number: CARDS.visa, expMonth: 12, expYear: 2030, cvc: '123' },
    });
    await t.post(bob, '/api/customer/add-payment-method', { paymentMethodId: token.json().id });
    const steal = await t.post(alice, '/api/customer/add-payment-method', {
      paymentMethodId: token.json().id,
    });
    expect(steal.statusCode).toBe(400);
    expect(steal.json().message).toBe('This payment method belongs to another customer.');
  });
});

describe('invoices and history', () => {
  it('numbers invoices sequentially, serves a real PDF, and lists the history', async () => {
    const c = await signUp(t, { planId: 'starter' });
    const none = await t.get(c, `/api/customer/latest-invoice/${c.email}`);
    expect(none.statusCode).toBe(404);
    await checkout(t, c, CARDS.declined);
    await checkout(t, c, CARDS.visa);
    const latest = await t.get(c, `/api/customer/latest-invoice/${c.email}`);
    expect(latest.statusCode).toBe(200);
    const pdf = await t.get(c, latest.json().downloadUrl);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
    const history = await t.get(c, `/api/customer/payment-history/${c.email}`);
    expect(history.json()).toMatchObject({ success: true, total: 2 });
    expect(
      history.json().payments.map((p: { status: string; amount: number }) => [p.status, p.amount]),
    ).toEqual([
      ['succeeded', 120],
      ['failed', 120],
    ]);
    const other = await signUp(t);
    await checkout(t, other, CARDS.visa);
    const numbers = [
      (await billingInfo(t, c)).invoices[0].number,
      (await billingInfo(t, other)).invoices[0].number,
    ];
    const [a, b] = numbers.map((n: string) => Number(n.slice(3)));
    expect(b).toBe(a! + 1);
  });
});

describe('password', () => {
  it('changes with the current password, keeps this session, ends the others', async () => {
    const c = await signUp(t);
    const other = await t.customerSession(c.email, c.password);
    const wrong = await t.post(c, '/api/auth/change-password', {
      email: c.email,
      currentPassword: 'Wrong#Pass1',
      newPassword: 'N3w#Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Your current password is incorrect.' });
    const weak = await t.post(c, '/api/auth/change-password', {
      currentPassword: c.password,
      newPassword: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/customer/change-password',
      headers: { authorization: `Bearer ${c.token}` },
      payload: { email: c.email, currentPassword: c.password, newPassword: 'N3w#Password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.get(c, '/api/auth/customer')).json().isAuthenticated).toBe(true);
    expect((await t.get(other, '/api/auth/customer')).json().isAuthenticated).toBe(false);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ isPasswordSet: true });
    expect(row!.lastPasswordChange).not.toBeNull();
    await t.customerSession(c.email, 'N3w#Password');
  });
});

describe('auto-login from the fleet CRM', () => {
  it('validates the token with the email and creates a session', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/fleet-crm/validate-token',
      payload: { token: alice.token, email: bob.email },
    });
    expect(bad.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/fleet-crm/validate-token',
      payload: { token: alice.token, email: alice.email },
    });
    expect(ok.json()).toMatchObject({ success: true, user: { email: alice.email } });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/create-customer-session',
      payload: { user: { email: alice.email, token: 'forged-token-123' }, tab: 'billing' },
    });
    expect(forged.statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth/create-customer-session',
      payload: { user: ok.json().user, tab: 'billing' },
    });
    expect(session.json()).toEqual({ success: true, tab: 'billing' });
    expect((await t.get(cookieHeader(session), '/api/auth/customer')).json().customer.email).toBe(
      alice.email,
    );
  });
});

describe('data export and account deletion', () => {
  it('exports everything we hold, without secrets', async () => {
    const res = await t.get(alice, '/api/customer/data-export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="motorpool-data-/);
    const body = res.json();
    expect(body.account.email).toBe(alice.email);
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        'account',
        'subscription',
        'paymentMethods',
        'invoices',
        'payments',
        'settings',
        'vehicles',
        'teamMembers',
        'activity',
        'auditTrail',
      ]),
    );
    expect(res.body).not.toMatch(/argon2|passwordHash|idempotency/);
  });

  it('deletes the account only with the password, then signs out', async () => {
    const c = await signUp(t);
    await checkout(t, c, CARDS.visa);
    const wrong = await t.post(c, '/api/customer/delete-account', { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect((await t.database.db.select().from(customers).where(eq(customers.id, c.id))).length).toBe(1);
    const ok = await t.post(c, '/api/customer/delete-account', { password: c.password });
    expect(ok.statusCode).toBe(200);
    expect(await t.database.db.select().from(customers).where(eq(customers.id, c.id))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, c.id))).toEqual([]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, c.id));
    expect(audit.some((a) => a.action === 'delete' && a.success)).toBe(true);
    expect((await t.get(c, '/api/customer/billing-info')).statusCode).toBe(401);
  });
});
