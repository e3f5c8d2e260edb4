import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { manualClock } from '../../clock';
import type { SubscriptionStatus } from '../../../shared/statuses';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { staffWith } from '../../../../tests/setup/staff';
import { CARDS, checkout, confirmCard, signUp, type TestCustomer } from '../../../../tests/setup/customers';
import {
  auditLogs,
  invoices,
  paymentLinks,
  paymentRequests,
  payments,
  sandboxIntents,
  subscriptions,
} from '../../db/schema';
import { lastEmailTo, linkIn } from '../../../../tests/setup/mail';

// Concurrency runs for real on PostgreSQL: TEST_DATABASE_URL=... npx vitest run <this file> --project api-pg
const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = (await staffWith(t, 'admin')).cookie;
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;

/** A signed-up customer whose subscription is set as the engine or old data may leave it. */
async function customerWith(
  status: SubscriptionStatus,
  planId = 'professional',
  overrides: Record<string, unknown> = {},
) {
  const c = await signUp(t, { planId, companyName: `Billing Co ${Math.random().toString(36).slice(2, 8)}` });
  const now = clock.now();
  await db()
    .update(subscriptions)
    .set({
      status,
      currentPeriodStart: new Date(now.getTime() - 2 * DAY),
      currentPeriodEnd: new Date(now.getTime() + 28 * DAY),
      ...overrides,
    })
    .where(eq(subscriptions.customerId, c.id));
  return c;
}

const invoicesOf = (customerId: string) =>
  db().select().from(invoices).where(eq(invoices.customerId, customerId));
const requestOf = async (id: string) =>
  (await db().select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('link')!;
const startRequestCheckout = (c: { id: string }, link: string) =>
  t.app.inject({ method: 'POST', url: '/api/create-subscription', payload: { customerId: c.id, link } });

async function sendRequest(c: TestCustomer, body: Record<string, unknown> = {}) {
  const res = await t.post(admin, '/api/admin/send-payment-request', {
    customerId: c.id,
    amount: 125.5,
    description: 'Extra telematics units',
    type: 'invoice',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    ...(res.json() as { request: { id: string; state: string } }),
    link: await emailedLink(res, 'payment_request'),
  };
}

/**
 * The checkout link a request sent: by email to the customer (sealed in the outbox), never in the
 * answer, which says only where it went.
 */
async function emailedLink(
  res: { body: string; json(): { sentTo: { email: string } } },
  template: 'payment_request' | 'subscription_request',
) {
  const mail = await lastEmailTo(t, res.json().sentTo.email, template);
  expect(mail.sensitive).toBe(true);
  const url = linkIn(mail, '/checkout?');
  expect(res.body).not.toContain(tokenOf(url));
  return { url: url.slice(url.indexOf('/checkout')) };
}

describe('access', () => {
  it('needs the payments tab and canViewPayments on every route', async () => {
    const sales = (await staffWith(t, 'sales')).cookie;
    const manager = (await staffWith(t, 'manager', { canViewPayments: false })).cookie;
    const allowedManager = (await staffWith(t, 'manager', { canViewPayments: true })).cookie;
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/subscriptions'],
      ['GET', '/api/admin/subscriptions/trial-action'],
      ['POST', '/api/admin/invoices/generate-monthly'],
      ['POST', '/api/admin/create-subscription-request', { customerId: crypto.randomUUID() }],
      [
        'POST',
        '/api/admin/send-payment-request',
        { customerId: crypto.randomUUID(), amount: 5, description: 'x' },
      ],
      ['GET', '/api/admin/payment-requests'],
      ['GET', '/api/admin/invoices'],
      ['GET', `/api/admin/invoices/${crypto.randomUUID()}/pdf`],
      ['GET', '/api/admin/billing-settings'],
      ['PUT', '/api/admin/billing-settings', { paymentTerms: 'net_60' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const cookie of [sales, manager]) {
        const res = await t.app.inject({ method: method as 'GET', url, payload, headers: { cookie } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.get(allowedManager, '/api/admin/billing-settings')).statusCode).toBe(200);
    expect((await t.get(allowedManager, '/api/admin/subscriptions')).statusCode).toBe(200);
    // Nothing changed by the refused PUTs.
    expect((await t.get(admin, '/api/admin/billing-settings')).json()).toEqual({ paymentTerms: 'net_30' });
  });
});

describe('subscriptions and the trial-action list', () => {
  it('pages, searches, filters and sorts on the server', async () => {
    const tag = `Zeta${Date.now() % 1e6}`;
    const a = await signUp(t, { planId: 'enterprise', companyName: `${tag} Alpha` });
    const b = await signUp(t, { planId: 'starter', companyName: `${tag} Beta` });
    await db().update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.customerId, a.id));

    const all = (await t.get(admin, `/api/admin/subscriptions?search=${tag}&sort=-companyName`)).json();
    expect(all.total).toBe(2);
    expect(all.items.map((s: { companyName: string }) => s.companyName)).toEqual([
      `${tag} Beta`,
      `${tag} Alpha`,
    ]);
    const item = all.items[1];
    expect(item).toMatchObject({
      customerId: a.id,
      planId: 'enterprise',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(typeof item.price).toBe('number');

    const active = (await t.get(admin, `/api/admin/subscriptions?search=${tag}&status=active`)).json();
    expect(active.items.map((s: { customerId: string }) => s.customerId)).toEqual([a.id]);
    const paged = (await t.get(admin, `/api/admin/subscriptions?search=${tag}&pageSize=1&page=2`)).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);

    // A Starter trial of 14 days is not yet one that requires action (see the next test).
    const trial = (await t.get(admin, `/api/admin/subscriptions/trial-action?search=${tag}`)).json();
    expect(trial.items.map((s: { customerId: string }) => s.customerId)).toEqual([]);
    expect(b.id).toBeTruthy();
    expect((await t.get(admin, '/api/admin/subscriptions?status=nope')).statusCode).toBe(400);
  });

  it('trials requiring action: trials ending within 7 days and checkouts left pending, each with its reason; paying Starter customers are not listed', async () => {
    const tag = `Trialtag${Date.now() % 1e6}`;
    const named = async (
      what: string,
      status: SubscriptionStatus,
      planId: string,
      overrides: Record<string, unknown>,
    ) => {
      const c = await signUp(t, { planId, companyName: `${tag} ${what}` });
      await db()
        .update(subscriptions)
        .set({ status, ...overrides })
        .where(eq(subscriptions.customerId, c.id));
      return c;
    };
    const now = clock.now().getTime();
    const endsIn3 = await named('A ends in 3', 'trialing', 'professional', {
      trialEndsAt: new Date(now + 3 * DAY - 60_000),
    });
    const endsTomorrow = await named('B ends tomorrow', 'trialing', 'starter', {
      trialEndsAt: new Date(now + 20 * 3_600_000),
    });
    const pending = await named('C pending', 'pending', 'enterprise', {
      updatedAt: new Date('2026-11-03T09:00:00Z'),
    });
    await named('D ends in 10', 'trialing', 'starter', { trialEndsAt: new Date(now + 10 * DAY) });
    await named('E paying starter', 'active', 'starter', {});
    await named('F past due', 'past_due', 'starter', {});

    const res = await t.get(admin, `/api/admin/subscriptions/trial-action?search=${tag}`);
    expect(res.statusCode).toBe(200);
    const rows = res
      .json()
      .items.map((s: { customerId: string; reasonKind: string; reason: string }) => [
        s.customerId,
        s.reasonKind,
        s.reason,
      ]);
    expect(rows).toEqual([
      [endsIn3.id, 'trial_ending', 'Trial ends in 3 days'],
      [endsTomorrow.id, 'trial_ending', 'Trial ends in 1 day'],
      [pending.id, 'checkout_pending', 'Checkout pending since Nov 3, 2026'],
    ]);
    expect(res.json().total).toBe(3);
  });
});

describe('generate monthly invoices', () => {
  it('issues each paying subscription its period invoice once: paid when paid, open under the terms', async () => {
    const paidByCard = await signUp(t, { planId: 'professional' });
    expect((await checkout(t, paidByCard, CARDS.visa)).statusCode).toBe(200);
    const unpaid = await customerWith('active');
    const paidNoInvoice = await customerWith('active');
    const sub = (
      await db().select().from(subscriptions).where(eq(subscriptions.customerId, paidNoInvoice.id))
    )[0]!;
    await db()
      .insert(payments)
      .values({
        customerId: paidNoInvoice.id,
        subscriptionId: sub.id,
        amountCents: 18_900,
        status: 'succeeded',
        description: 'Imported payment',
        provider: 'sandbox',
        idempotencyKey: `import:${sub.id}`,
        createdAt: new Date(clock.now().getTime() - DAY),
      });
    const trialing = await signUp(t);

    const first = await t.post(admin, '/api/admin/invoices/generate-monthly');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().created).toBeGreaterThanOrEqual(2);

    expect(await invoicesOf(paidByCard.id)).toHaveLength(1);
    expect(await invoicesOf(trialing.id)).toHaveLength(0);
    const [open] = await invoicesOf(unpaid.id);
    expect(open).toMatchObject({ status: 'open', kind: 'subscription' });
    expect(open!.dueAt!.getTime() - open!.issuedAt.getTime()).toBe(30 * DAY);
    const [paid] = await invoicesOf(paidNoInvoice.id);
    expect(paid).toMatchObject({ status: 'paid', totalCents: 18_900 });
    const [payment] = await db().select().from(payments).where(eq(payments.subscriptionId, sub.id));
    expect(payment!.invoiceId).toBe(paid!.id);

    const second = await t.post(admin, '/api/admin/invoices/generate-monthly');
    expect(second.json()).toMatchObject({
      created: 0,
      message: 'Every paying subscription already has its invoice for this period',
    });
    expect(second.json().skipped).toBe(first.json().skipped + first.json().created);
    for (const c of [unpaid, paidNoInvoice]) expect(await invoicesOf(c.id)).toHaveLength(1);

    const audits = await auditRowsWhere(t, { action: 'generate_invoices', resourceType: 'invoice' });
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('two staff running it at once issue each invoice once', async () => {
    const owed = await Promise.all([
      customerWith('active'),
      customerWith('active'),
      customerWith('past_due'),
    ]);
    const other = (await staffWith(t, 'manager', { canViewPayments: true })).cookie;
    const runs = await Promise.all([
      t.post(admin, '/api/admin/invoices/generate-monthly'),
      t.post(other, '/api/admin/invoices/generate-monthly'),
      t.post(admin, '/api/admin/invoices/generate-monthly'),
    ]);
    for (const run of runs) expect(run.statusCode, run.body).toBe(200);
    expect(runs.reduce((sum, run) => sum + run.json().created, 0)).toBe(3);
    for (const c of owed) expect(await invoicesOf(c.id)).toHaveLength(1);
    const numbers = (await db().select({ n: invoices.number }).from(invoices)).map((r) => r.n);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('payment terms', () => {
  it('are Net 30 until changed, audited, and set the due date of open invoices and requests', async () => {
    expect((await t.get(admin, '/api/admin/billing-settings')).json()).toEqual({ paymentTerms: 'net_30' });
    const bad = await t.put(admin, '/api/admin/billing-settings', { paymentTerms: 'net_90' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.paymentTerms).toBe('Choose Net 15, Net 30, Net 60 or Due immediately');

    const saved = await t.put(admin, '/api/admin/billing-settings', { paymentTerms: 'net_15' });
    expect(saved.json()).toMatchObject({ success: true, paymentTerms: 'net_15' });
    const [audit] = await auditRowsWhere(t, { resourceType: 'settings', resourceId: 'billing' });
    expect(audit).toMatchObject({
      oldValues: { paymentTerms: 'net_30' },
      newValues: { paymentTerms: 'net_15' },
    });

    const c = await customerWith('active');
    await t.post(admin, '/api/admin/invoices/generate-monthly');
    const [open] = await invoicesOf(c.id);
    expect(open!.dueAt!.getTime() - open!.issuedAt.getTime()).toBe(15 * DAY);
    const pdf = await t.get(admin, `/api/admin/invoices/${open!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // A request without a due date is due under the terms.
    const sent = await sendRequest(c, { dueDate: undefined });
    expect((await requestOf(sent.request.id)).dueDate).toBe('2026-12-06');
    await t.put(admin, '/api/admin/billing-settings', { paymentTerms: 'net_30' });
  });
});

describe('send payment request', () => {
  it('refuses a request without customer, amount or description, with field messages', async () => {
    const res = await t.post(admin, '/api/admin/send-payment-request', { amount: 0, description: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      customerId: 'Please choose a customer',
      amount: 'Amount must be greater than 0',
      description: 'Description is required',
    });
    const c = await signUp(t);
    const text = await t.post(admin, '/api/admin/send-payment-request', {
      customerId: c.id,
      amount: '12',
      description: 'x',
    });
    expect(text.statusCode).toBe(400);
    const past = await t.post(admin, '/api/admin/send-payment-request', {
      customerId: c.id,
      amount: 12,
      description: 'x',
      dueDate: '2026-01-01',
    });
    expect(past.json().errors).toEqual({ dueDate: 'The due date cannot be in the past' });
    const nobody = await t.post(admin, '/api/admin/send-payment-request', {
      customerId: crypto.randomUUID(),
      amount: 12,
      description: 'x',
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('is paid once at checkout by the link holder, even when completed twice', async () => {
    const c = await customerWith('active');
    const sent = await sendRequest(c, { dueDate: '2026-12-01' });
    expect(sent.request.state).toBe('open');
    expect(sent.link.url).toMatch(/^\/checkout\?customerId=.+&link=.+/);
    const link = tokenOf(sent.link.url);

    // Anyone holding the link (no session) gets the request's own checkout.
    const start = await startRequestCheckout(c, link);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().request).toEqual({
      description: 'Extra telematics units',
      amount: 125.5,
      dueDate: '2026-12-01',
    });
    expect(start.json().terms).toBeUndefined();
    const again = await startRequestCheckout(c, link);
    expect(again.json().clientSecret).toBe(start.json().clientSecret);

    // A declined card leaves it open.
    const declined = await confirmCard(t, start.json().clientSecret, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect((await requestOf(sent.request.id)).status).toBe('open');

    const paid = await confirmCard(t, start.json().clientSecret, CARDS.visa);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', message: 'Your payment was received.' });
    // The browser's report and a late webhook, twice at once.
    const intentId = (start.json().clientSecret as string).split('_secret_')[0]!;
    const reports = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/checkout/complete',
          payload: { paymentIntentId: intentId },
        }),
      ),
    );
    for (const r of reports) expect(r.statusCode).toBe(200);

    const request = await requestOf(sent.request.id);
    expect(request.status).toBe('paid');
    const succeeded = (await db().select().from(payments).where(eq(payments.customerId, c.id))).filter(
      (p) => p.status === 'succeeded',
    );
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({
      amountCents: 12_550,
      id: request.paymentId,
      invoiceId: request.invoiceId,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, request.invoiceId!));
    expect(invoice).toMatchObject({ kind: 'payment_request', status: 'paid', totalCents: 12_550 });
    const [spent] = await db().select().from(paymentLinks).where(eq(paymentLinks.id, request.paymentLinkId!));
    expect(spent!.paidAt).not.toBeNull();
    // The subscription is untouched by a request's payment.
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    expect(sub!.status).toBe('active');

    const reopened = await startRequestCheckout(c, link);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe('This payment request has already been paid.');

    const list = (await t.get(admin, `/api/admin/payment-requests?state=paid`)).json();
    const row = list.items.find((r: { id: string }) => r.id === sent.request.id);
    expect(row).toMatchObject({ state: 'paid', amount: 125.5, invoiceNumber: invoice!.number });
  });

  it('offers the same intent days later, when the provider no longer knows its idempotency key', async () => {
    const c = await customerWith('active');
    const sent = await sendRequest(c, { dueDate: '2026-12-15' });
    const link = tokenOf(sent.link.url);
    const first = await startRequestCheckout(c, link);
    expect(first.statusCode, first.body).toBe(200);
    const intentId = (first.json().clientSecret as string).split('_secret_')[0]!;
    expect((await requestOf(sent.request.id)).intentRef).toBe(intentId);
    // What Stripe does after 24 hours: the key is forgotten, so asking by key alone would make a new intent.
    await db()
      .update(sandboxIntents)
      .set({ idempotencyKey: `forgotten:${intentId}` })
      .where(eq(sandboxIntents.id, intentId));
    const later = await startRequestCheckout(c, link);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().clientSecret).toBe(first.json().clientSecret);
    const intents = await db()
      .select()
      .from(sandboxIntents)
      .where(sql`${sandboxIntents.metadata}->>'paymentRequestId' = ${sent.request.id}`);
    expect(intents).toHaveLength(1);
  });

  it('a request link does not open the subscription, nor another customer', async () => {
    const c = await customerWith('pending');
    const other = await signUp(t);
    const sent = await sendRequest(c);
    const link = tokenOf(sent.link.url);
    const foreign = await startRequestCheckout(other, link);
    expect(foreign.statusCode).toBe(401);
    const start = await startRequestCheckout(c, link);
    expect(start.json().request.amount).toBe(125.5);
    const payResult = await confirmCard(t, start.json().clientSecret, CARDS.visa);
    expect(payResult.statusCode).toBe(200);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    expect(sub!.status).toBe('pending');
  });

  it('reads as expired after its due date, and its link no longer pays', async () => {
    const c = await customerWith('active');
    const sent = await sendRequest(c, { dueDate: '2026-11-23' });
    const open = (await t.get(admin, '/api/admin/payment-requests?state=open')).json();
    expect(open.items.some((r: { id: string }) => r.id === sent.request.id)).toBe(true);
    clock.advanceDays(3);
    try {
      const expired = (await t.get(admin, '/api/admin/payment-requests?state=expired')).json();
      expect(expired.items.find((r: { id: string }) => r.id === sent.request.id)?.state).toBe('expired');
      const late = await startRequestCheckout(c, tokenOf(sent.link.url));
      expect(late.statusCode).toBe(410);
    } finally {
      clock.set(new Date('2026-11-21T12:00:00Z'));
    }
  });
});

describe('create subscription request', () => {
  it('asks what the checkout charges for the plan, due in 7 days, and is settled by the subscription checkout', async () => {
    const c = await customerWith('pending', 'enterprise');
    const res = await t.post(admin, '/api/admin/create-subscription-request', { customerId: c.id });
    expect(res.statusCode, res.body).toBe(201);
    const sent = { ...res.json(), link: await emailedLink(res, 'subscription_request') };
    expect(sent.request).toMatchObject({
      amount: 295,
      type: 'subscription',
      dueDate: '2026-11-28',
      state: 'open',
    });
    const start = await startRequestCheckout(c, tokenOf(sent.link.url));
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().terms.planId).toBe('enterprise');
    // The request asked exactly what the checkout charges today.
    expect(start.json().terms.dueToday).toBe(sent.request.amount);
    expect((await confirmCard(t, start.json().clientSecret, CARDS.visa)).statusCode).toBe(200);
    const request = await requestOf(sent.request.id);
    expect(request.status).toBe('paid');
    expect(request.invoiceId).not.toBeNull();
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    expect(sub!.status).toBe('active');

    const starter = await customerWith('pending', 'starter');
    const other = (
      await t.post(admin, '/api/admin/create-subscription-request', { customerId: starter.id })
    ).json();
    expect(other.request.amount).toBe(120);
    const active = await t.post(admin, '/api/admin/create-subscription-request', { customerId: c.id });
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe('This subscription is already active.');
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.resourceType, 'payment_request'), inArray(auditLogs.resourceId, [sent.request.id])),
      );
    expect(audits.map((a) => a.action).sort()).toEqual(['create']);
  });
});

describe('invoices', () => {
  it('are searched by number, company and email, filtered by status and paged', async () => {
    const company = `Invoiced ${Date.now() % 1e6}`;
    const c = await signUp(t, { companyName: company });
    await checkout(t, c, CARDS.visa);
    const [invoice] = await invoicesOf(c.id);
    const byNumber = (await t.get(admin, `/api/admin/invoices?search=${invoice!.number}`)).json();
    expect(byNumber.items.map((i: { id: string }) => i.id)).toContain(invoice!.id);
    const digits = String(Number(invoice!.number.slice(3)));
    // '13' also finds customers whose email holds 13; the invoice numbered 13 is among the answers.
    const byDigits = (await t.get(admin, `/api/admin/invoices?search=${digits}&pageSize=100`)).json();
    expect(byDigits.items.map((i: { number: string }) => i.number)).toContain(invoice!.number);
    const byCompany = (
      await t.get(admin, `/api/admin/invoices?search=${encodeURIComponent(company)}`)
    ).json();
    expect(byCompany).toMatchObject({ total: 1 });
    expect(byCompany.items[0]).toMatchObject({
      companyName: company,
      status: 'paid',
      pdfUrl: `/api/admin/invoices/${invoice!.id}/pdf`,
    });
    const byEmail = (
      await t.get(admin, `/api/admin/invoices?search=${encodeURIComponent(c.email)}&status=paid`)
    ).json();
    expect(byEmail.total).toBe(1);
    expect(
      (await t.get(admin, `/api/admin/invoices?search=${encodeURIComponent(c.email)}&status=open`)).json()
        .total,
    ).toBe(0);
    const pdf = await t.get(admin, byCompany.items[0].pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.get(admin, `/api/admin/invoices/${crypto.randomUUID()}/pdf`)).statusCode).toBe(404);
    expect((await t.get(admin, `/api/admin/invoices/not-an-id/pdf`)).statusCode).toBe(404);
  });
  it("each status's total is kept exact through issue, payment, voiding and removal, without counting the invoices", async () => {
    const exact = async () => {
      const rows = (await db().execute(
        sql`select status, count(*)::int as n from invoices group by status`,
      )) as unknown as { rows: { status: string; n: number }[] };
      const by: Record<string, number> = Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)]));
      return { all: rows.rows.reduce((a, r) => a + Number(r.n), 0), by };
    };
    const listed = async () => {
      const total = async (status?: string) =>
        (await t.get(admin, `/api/admin/invoices${status ? `?status=${status}` : ''}`)).json()
          .total as number;
      const [all, open, paid, voided] = await Promise.all([
        total(),
        total('open'),
        total('paid'),
        total('void'),
      ]);
      return { all, open, paid, void: voided };
    };
    const expected = async () => {
      const { all, by } = await exact();
      return { all, open: by.open ?? 0, paid: by.paid ?? 0, void: by.void ?? 0 };
    };

    // Several checkouts at once: their invoices are written concurrently (on PostgreSQL, truly so).
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signUp(t)));
    await Promise.all(buyers.map((c) => checkout(t, c, CARDS.visa)));
    const [first] = await invoicesOf(buyers[0]!.id);
    const [second] = await invoicesOf(buyers[1]!.id);
    await db().update(invoices).set({ status: 'open', paidAt: null }).where(eq(invoices.id, first!.id));
    await db().update(invoices).set({ status: 'void' }).where(eq(invoices.id, second!.id));
    await db()
      .delete(invoices)
      .where(eq(invoices.id, (await invoicesOf(buyers[2]!.id))[0]!.id));
    expect(await listed()).toEqual(await expected());
    expect((await listed()).open).toBeGreaterThan(0);

    const statements = await t.statementsDuring(() => t.get(admin, '/api/admin/invoices?status=open'));
    expect(statements.filter((s) => /count\(\*\)\s+from\s+"invoices"/i.test(s.sql))).toEqual([]);
    expect(statements.some((s) => /from "invoice_status_totals"/i.test(s.sql))).toBe(true);
  });
});
