// Staff payments: the list, export, refunds, retries and figures (docs/staff-payments.md). The races
// (concurrent refunds and retries) are real on PostgreSQL: run this file there too.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { manualClock } from '../../clock';
import { SEARCH_COUNT_PAGES_AHEAD } from '../../db/bounded-count';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { CARDS, addCard, checkout, signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { customerFormInput, staffWith } from '../../../../tests/setup/staff';
import {
  auditLogs,
  invoices,
  paymentLinks,
  paymentMethods,
  payments,
  refunds,
  salesCommissions,
  sandboxCharges,
  sandboxRefunds,
  subscriptions,
} from '../../db/schema';
import type { Page } from '../../../shared/contracts/common';
import { DELETED_CUSTOMER_LABEL, type StaffPayment } from '../../../shared/contracts/staff-payments';
import { recoverPendingRefunds, PENDING_REFUND_AGE_MS } from '../billing';
import { invitedPassword, lastEmailTo, linkIn } from '../../../../tests/setup/mail';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let admin: string;
useTestApp({ clock, staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const db = () => t.database.db;

const paymentsOf = (customerId: string) =>
  db().select().from(payments).where(eq(payments.customerId, customerId)).orderBy(payments.createdAt);

/** A customer who paid the Starter plan ($120) at checkout: one completed payment. */
async function paidCustomer(overrides: Record<string, unknown> = {}) {
  const c = await signUp(t, { planId: 'starter', ...overrides });
  const res = await checkout(t, c, CARDS.visa);
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = await paymentsOf(c.id);
  return { c, payment: payment! };
}

const refund = (id: string, body: object, session = admin) =>
  t.post(session, `/api/admin/payments/${id}/refund`, body);
const retry = (id: string, session = admin) => t.post(session, `/api/admin/payments/${id}/retry`, {});

async function listed(query: string) {
  const res = await t.get(admin, `/api/admin/payments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<StaffPayment>>();
}

const sandboxRefundsOf = async (chargeRef: string) =>
  db().select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeRef, chargeRef));

/** A renewal declined by the billing job: the customer's card verifies but is declined when charged. */
async function failedRenewal() {
  const c = await signUp(t, { planId: 'starter' });
  await checkout(t, c, CARDS.visa);
  await addCard(t, c, CARDS.declinesLater, true);
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
  clock.set(new Date(sub!.currentPeriodEnd.getTime() + 60_000));
  const { runDueBilling } = await import('../../jobs/billing-runner');
  await runDueBilling(t.app.services.billing);
  const failed = (await paymentsOf(c.id)).find((p) => p.status === 'failed');
  expect(failed).toBeDefined();
  return { c, failed: failed! };
}

describe('GET /api/admin/payments', () => {
  let a: { c: TestCustomer; payment: typeof payments.$inferSelect };
  beforeAll(async () => {
    a = await paidCustomer({ companyName: 'Zebra Haulage Ltd' });
  });

  it('pages, answers the list fields and maps the stored status to the shown words', async () => {
    const page = await listed(`search=${encodeURIComponent('zebra haulage')}`);
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(page.items[0]).toMatchObject({
      id: a.payment.id,
      customer: { id: a.c.id, companyName: 'Zebra Haulage Ltd', email: a.c.email },
      amount: 120,
      refunded: 0,
      refundable: 120,
      status: 'completed',
      planId: 'starter',
      stripePaymentIntentId: a.payment.providerRef,
      canRefund: true,
      canRetry: false,
    });
    expect(page.items[0]!.paidAt).toBe(page.items[0]!.createdAt);
  });

  it('searches by email, payment id and provider reference; filters by status; sorts by amount', async () => {
    expect((await listed(`search=${encodeURIComponent(a.c.email)}`)).items.map((p) => p.id)).toEqual([
      a.payment.id,
    ]);
    expect((await listed(`search=${a.payment.id}`)).items.map((p) => p.id)).toEqual([a.payment.id]);
    expect((await listed(`search=${a.payment.providerRef}`)).items.map((p) => p.id)).toEqual([a.payment.id]);
    expect((await listed(`search=zebra&status=failed`)).total).toBe(0);
    expect((await listed(`search=zebra&status=completed`)).total).toBe(1);

    const pro = await paidCustomer({ planId: 'professional', companyName: 'Zebra Two' });
    const byAmount = await listed('search=zebra&sort=-amount');
    expect(byAmount.items.map((p) => p.id)).toEqual([pro.payment.id, a.payment.id]);
    const ascending = await listed('search=zebra&sort=amount');
    expect(ascending.items.map((p) => p.id)).toEqual([a.payment.id, pro.payment.id]);
    const pageTwo = await listed('search=zebra&pageSize=1&page=2&sort=amount');
    expect(pageTwo).toMatchObject({ total: 2, page: 2 });
    expect(pageTwo.items.map((p) => p.id)).toEqual([pro.payment.id]);
  });

  it('counts a searched list SEARCH_COUNT_PAGES_AHEAD pages past the page asked for, and says "N+" beyond', async () => {
    const bulk = await paidCustomer({ companyName: 'Quagga Bulk' });
    // Eleven more of its payments: twelve in all, more than page 1 of size 1 counts (1 + the pages ahead).
    await db()
      .insert(payments)
      .values(
        Array.from({ length: 11 }, (_, i) => ({
          ...bulk.payment,
          id: crypto.randomUUID(),
          providerRef: null,
          idempotencyKey: `bulk-count-${i}`,
          createdAt: new Date(bulk.payment.createdAt.getTime() - (i + 1) * 60_000),
        })),
      );
    const ahead = SEARCH_COUNT_PAGES_AHEAD;
    expect(await listed('search=quagga&pageSize=1')).toMatchObject({ total: 1 + ahead, totalCapped: true });
    const reaching = await listed(`search=quagga&pageSize=1&page=${12 - ahead}`);
    expect(reaching.total).toBe(12);
    expect(reaching.totalCapped).toBeUndefined();
  });

  it('refuses a bad status with 400, and staff without the payments flag', async () => {
    expect((await t.get(admin, '/api/admin/payments?status=succeeded')).statusCode).toBe(400);
    const sales = await staffWith(t, 'sales');
    expect((await t.get(sales.cookie, '/api/admin/payments')).statusCode).toBe(403);
    const blind = await staffWith(t, 'manager', { canViewPayments: false });
    expect((await t.get(blind.cookie, '/api/admin/payments')).statusCode).toBe(403);
    expect((await t.get(blind.cookie, '/api/admin/financial-analytics')).statusCode).toBe(403);
    const manager = await staffWith(t, 'manager', { canViewPayments: true });
    expect((await t.get(manager.cookie, '/api/admin/payments')).statusCode).toBe(200);
  });
});

describe('GET /api/admin/payments/export', () => {
  it('streams every filtered payment as CSV, in batches, formulas neutralised, audited', async () => {
    const tag = `Exportco${Date.now()}`;
    await failedRenewal(); // another company's failed payment: not in the filter
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await paidCustomer({ companyName: `${tag} =SUM(A${i})` }));
    const res = await t.get(admin, `/api/admin/payments/export?status=completed&search=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = Papa.parse<string[]>(res.body.trim()).data;
    expect(rows[0]).toContain('Payment ID');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(made.map((m) => m.payment.id).sort());
    expect(rows.slice(1).every((r) => r[3]!.startsWith(tag))).toBe(true);
    const [audit] = await auditRowsWhere(t, { action: 'export', resourceType: 'payment' });
    expect(audit?.newValues).toMatchObject({ status: 'completed', search: tag });
  });

  it("says 'Deleted customer' beside the kept name and email of a deleted account's payment, in the list and the CSV", async () => {
    const { c, payment } = await paidCustomer({ companyName: `Gone ${Date.now()}` });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.customerId, c.id));
    expect((await t.delete(admin, `/api/admin/customers/${c.id}`)).statusCode).toBe(200);

    const [item] = (await listed(`search=${payment.id}`)).items;
    expect(item).toMatchObject({
      id: payment.id,
      customer: null,
      customerName: invoice!.billingName,
      customerEmail: invoice!.billingEmail,
    });
    expect(item!.customerDeletedAt).not.toBeNull();
    expect(DELETED_CUSTOMER_LABEL).toBe('Deleted customer');

    const res = await t.get(admin, `/api/admin/payments/export?search=${payment.id}`);
    const [header, row] = Papa.parse<string[]>(res.body.trim()).data;
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Customer')).toBe(invoice!.billingName);
    expect(cell('Email')).toBe(invoice!.billingEmail);
    expect(cell('Customer Deleted')).toBe(`Deleted customer (${item!.customerDeletedAt})`);
    // A payment of an account that still exists says nothing of the kind.
    const { payment: kept } = await paidCustomer();
    expect((await listed(`search=${kept.id}`)).items[0]!.customerDeletedAt).toBeNull();
    const keptCsv = Papa.parse<string[]>(
      (await t.get(admin, `/api/admin/payments/export?search=${kept.id}`)).body.trim(),
    ).data;
    expect(keptCsv[1]![header!.indexOf('Customer Deleted')]).toBe('');
  });

  it('crosses batch boundaries without skipping or repeating (keyset)', async () => {
    const { paymentsCsv } = await import('../billing');
    const all = await db().select({ id: payments.id }).from(payments);
    expect(all.length).toBeGreaterThan(5);
    for (const sort of ['-createdAt', 'amount'] as const) {
      const chunks: string[] = [];
      // Batches of 2 over every payment: many boundaries, some between equal amounts.
      for await (const piece of paymentsCsv(db(), { sort }, 2)) chunks.push(piece);
      const ids = Papa.parse<string[]>(chunks.join('').trim())
        .data.slice(1)
        .map((r) => r[0]);
      expect(new Set(ids).size).toBe(all.length);
      expect(ids).toHaveLength(all.length);
    }
  });
});

describe('POST /api/admin/payments/:id/refund', () => {
  it('partial refunds add up; a third past the amount is a clear 400; the last makes it refunded', async () => {
    const { payment } = await paidCustomer();
    const first = await refund(payment.id, { amount: 20, reason: 'Goodwill' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Refund processed',
      payment: { refunded: 20, refundable: 100, status: 'completed', canRefund: true },
    });
    const second = await refund(payment.id, { amount: 100 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().payment).toMatchObject({
      refunded: 120,
      refundable: 0,
      status: 'refunded',
      canRefund: false,
    });
    const third = await refund(payment.id, { amount: 1 });
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe('This payment has already been fully refunded.');

    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 12_000 });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, payment.invoiceId!));
    expect(invoice!.status).toBe('refunded');
    const provider = await sandboxRefundsOf(payment.providerRef!);
    expect(provider.map((r) => r.amountCents).sort((x, y) => x - y)).toEqual([2_000, 10_000]);
    const audits = await auditRowsWhere(t, { action: 'refund', resourceId: payment.id });
    expect(audits.map((r) => r.oldValues)).toContainEqual({ status: 'succeeded', refunded: 0 });
  });

  it('refuses more than is left, zero, and a payment that did not complete, each with a clear 400', async () => {
    const { payment } = await paidCustomer();
    await refund(payment.id, { amount: 100 });
    const over = await refund(payment.id, { amount: 20.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'The refund is more than what is left to refund: at most $20.00.',
      errors: { amount: 'The refund is more than what is left to refund: at most $20.00.' },
    });
    expect((await refund(payment.id, { amount: 0 })).json().message).toBe(
      'The refund amount must be more than $0.00.',
    );
    expect((await refund(payment.id, { amount: 1.234 })).statusCode).toBe(400);
    const { failed } = await failedRenewal();
    const notPaid = await refund(failed.id, { amount: 1 });
    expect(notPaid.statusCode).toBe(400);
    expect(notPaid.json().message).toBe('Only a completed payment can be refunded.');
    expect((await refund('00000000-0000-4000-8000-000000000000', { amount: 1 })).statusCode).toBe(404);
  });

  it('two concurrent full refunds make exactly one provider refund', async () => {
    const { payment } = await paidCustomer();
    const answers = await Promise.all([
      refund(payment.id, { amount: 120 }),
      refund(payment.id, { amount: 120 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await sandboxRefundsOf(payment.providerRef!)).toHaveLength(1);
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 12_000 });
  });

  it('the same requestKey twice (a double click) is one refund, and both answers agree', async () => {
    const { payment } = await paidCustomer();
    const body = { amount: 30, requestKey: `dialog-${payment.id}` };
    const answers = await Promise.all([refund(payment.id, body), refund(payment.id, body)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    for (const a of answers) expect(a.json().payment.refunded).toBe(30);
    const again = await refund(payment.id, body);
    expect(again.json().payment.refunded).toBe(30);
    expect(await sandboxRefundsOf(payment.providerRef!)).toHaveLength(1);
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
  });

  it('takes back the commission on the refunded part', async () => {
    const sales = await staffWith(t, 'sales', { canEditCustomers: true });
    const rate = await t.post(admin, '/api/sales-commission-rates', {
      salesUserId: sales.id,
      planId: 'professional',
      commissionRate: 0.1,
      createdBy: 'x',
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const made = await t.post(
      sales.cookie,
      '/api/admin/customers',
      customerFormInput({ planId: 'professional' }),
    );
    const customer = made.json().customer as { id: string; email: string };
    const password = await invitedPassword(t, customer.email);
    const session = await t.customerSession(customer.email, password);
    const paid = await checkout(t, { ...customer, password, ...session }, CARDS.visa);
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = await paymentsOf(customer.id);
    const res = await refund(payment!.id, { amount: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db()
      .select()
      .from(salesCommissions)
      .where(eq(salesCommissions.paymentId, payment!.id));
    expect(rows.map((r) => [r.commissionType, r.commissionCents]).sort()).toEqual([
      ['payment', Math.round(payment!.amountCents * 0.1)],
      ['refund_adjustment', -500],
    ]);
  });

  it('needs canProcessRefunds: sales 403, a manager without the flag 403', async () => {
    const { payment } = await paidCustomer();
    const sales = await staffWith(t, 'sales');
    expect((await refund(payment.id, { amount: 1 }, sales.cookie)).statusCode).toBe(403);
    const viewer = await staffWith(t, 'manager', { canViewPayments: true, canProcessRefunds: false });
    expect((await refund(payment.id, { amount: 1 }, viewer.cookie)).statusCode).toBe(403);
    const refunder = await staffWith(t, 'manager', { canViewPayments: true, canProcessRefunds: true });
    expect((await refund(payment.id, { amount: 1 }, refunder.cookie)).statusCode).toBe(200);
    expect(await sandboxRefundsOf(payment.providerRef!)).toHaveLength(1);
  });

  it('a refund a crash left pending is finished by recovery with the same key: one provider refund', async () => {
    const { payment } = await paidCustomer();
    // What a process that died after the provider call leaves: the hold, and the provider's refund.
    const [held] = await db()
      .insert(refunds)
      .values({
        paymentId: payment.id,
        customerId: payment.customerId,
        amountCents: 4_000,
        status: 'pending',
        requestKey: `crash-${payment.id}`,
        createdAt: clock.now(),
      })
      .returning();
    await t.app.services.billing.provider.refund({
      chargeRef: payment.providerRef!,
      amountCents: 4_000,
      idempotencyKey: `refund:${held!.id}`,
    });
    // While held, the amount is not refundable again.
    const over = await refund(payment.id, { amount: 80.01 });
    expect(over.statusCode).toBe(400);
    clock.set(new Date(clock.now().getTime() + PENDING_REFUND_AGE_MS + 1000));
    expect(await recoverPendingRefunds(t.app.services.billing)).toMatchObject({ settled: 1 });
    const [row] = await db().select().from(refunds).where(eq(refunds.id, held!.id));
    expect(row!.status).toBe('succeeded');
    expect(await sandboxRefundsOf(payment.providerRef!)).toHaveLength(1);
    const [p] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(p!.refundedCents).toBe(4_000);
  });

  it('a provider refusal fails the refund, releases the hold and answers why', async () => {
    const { payment } = await paidCustomer();
    // The charge was refunded at the provider behind our back: the provider now refuses more.
    await t.app.services.billing.provider.refund({
      chargeRef: payment.providerRef!,
      amountCents: 12_000,
      idempotencyKey: 'outside',
    });
    const res = await refund(payment.id, { amount: 10 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/^Failed to process refund: /);
    const [row] = await db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(row!.status).toBe('failed');
    const listedRow = (await listed(`search=${payment.id}`)).items[0]!;
    expect(listedRow.refundable).toBe(120);
  });
});

describe('POST /api/admin/payments/:id/retry', () => {
  it('charges the default card once (two concurrent retries), pays the invoice, activates the subscription', async () => {
    const { c, failed } = await failedRenewal();
    expect((await listed(`search=${failed.id}`)).items[0]).toMatchObject({
      status: 'failed',
      canRetry: true,
    });
    await addCard(t, c, CARDS.visa, true);
    const answers = await Promise.all([retry(failed.id), retry(failed.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((r) => r.statusCode === 200)!.json();
    expect(ok).toMatchObject({
      outcome: 'charged',
      sentTo: null,
      payment: { id: failed.id, canRetry: false },
    });
    const all = await paymentsOf(c.id);
    expect(all.filter((p) => p.status === 'succeeded')).toHaveLength(2); // checkout, then this retry
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    expect(sub).toMatchObject({ status: 'active', failedAttempts: 0 });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, failed.invoiceId!));
    expect(invoice!.status).toBe('paid');
    const [customer] = await db().select().from(sandboxCharges).where(eq(sandboxCharges.amountCents, 12_000));
    expect(customer).toBeDefined();
    const renewAudit = await db()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'renew'), eq(auditLogs.accountId, c.id), eq(auditLogs.actorType, 'staff')),
      );
    expect(renewAudit).toHaveLength(1);
    // Settled now: a retry is a 409 with a clear message.
    const settled = await retry(failed.id);
    expect(settled.statusCode).toBe(409);
    expect(settled.json().message).toBe('This payment was settled already: its invoice is paid.');
  });

  it('without a card emails the customer a new payment link (never answered), audited', async () => {
    const { c, failed } = await failedRenewal();
    // The cards on file are gone (removed by the customer): nothing to charge.
    await db().delete(paymentMethods).where(eq(paymentMethods.customerId, c.id));
    const res = await retry(failed.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'link', sentTo: c.email });
    // No mail transport in this app: queued in the outbox, and the answer says so.
    expect(res.json().message).toBe(
      `A new payment link is queued for ${c.email} and not delivered: no mail transport is configured.`,
    );
    expect(res.json().delivery).toMatchObject({ to: c.email, status: 'queued', transportConfigured: false });
    const mail = await lastEmailTo(t, c.email, 'payment_link');
    expect(mail.sensitive).toBe(true);
    const url = linkIn(mail, '/checkout?');
    expect(url).toMatch(new RegExp(`/checkout\\?customerId=${c.id}&link=`));
    expect(res.body).not.toContain(new URL(url).searchParams.get('link')!);
    const links = await db().select().from(paymentLinks).where(eq(paymentLinks.customerId, c.id));
    expect(links.map((l) => l.purpose)).toEqual(['subscription']);
    const audit = await auditRowsWhere(t, { action: 'retry', resourceId: failed.id });
    expect(audit).toHaveLength(1);
  });

  it('a completed payment is a 409; a declined retry says why; sales cannot retry', async () => {
    const { payment } = await paidCustomer();
    const res = await retry(payment.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This payment did not fail: there is nothing to retry.');

    const { failed } = await failedRenewal();
    const declined = await retry(failed.id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toMatch(/^Failed to retry payment: /);
    const sales = await staffWith(t, 'sales');
    expect((await retry(failed.id, sales.cookie)).statusCode).toBe(403);
  });

  it('declined staff retries leave the automatic schedule as it was: the customer never becomes pending by them', async () => {
    const { c, failed } = await failedRenewal();
    const subOf = async () =>
      (await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id)))[0]!;
    const before = await subOf();
    expect(before.status).toBe('past_due');
    for (let i = 0; i < 4; i++) expect((await retry(failed.id)).statusCode).toBe(402);
    const after = await subOf();
    expect(after).toMatchObject({
      status: 'past_due',
      failedAttempts: before.failedAttempts,
      nextActionAt: before.nextActionAt,
      claimedUntil: null,
    });
    // Each retry was one charge under its own key, recorded once.
    const declined = (await paymentsOf(c.id)).filter((p) => p.idempotencyKey.includes(':staff:'));
    expect(declined.map((p) => p.idempotencyKey.split(':').pop()).sort()).toEqual(['1', '2', '3', '4']);
    expect(declined.every((p) => p.status === 'failed')).toBe(true);
  });
});

describe('figures', () => {
  it('financial analytics and the dashboard stats count completed payments net of refunds, and failures', async () => {
    const { payment } = await paidCustomer();
    await refund(payment.id, { amount: 20 });
    await failedRenewal();
    // The same figures worked out here from every payment row.
    const rows = await db().select().from(payments);
    const paid = rows.filter((p) => p.status === 'succeeded' || p.status === 'refunded');
    const failedCount = rows.filter((p) => p.status === 'failed').length;
    const net = paid.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0) / 100;
    const gross = paid.reduce((sum, p) => sum + p.amountCents, 0);
    expect(failedCount).toBeGreaterThan(0);
    const analytics = (await t.get(admin, '/api/admin/financial-analytics')).json();
    expect(analytics).toEqual({
      totalRevenue: net,
      paymentSuccessRate: Math.round((paid.length / (paid.length + failedCount)) * 1000) / 10,
      averageTransactionValue: Math.round(gross / paid.length) / 100,
      completedPayments: paid.length,
      failedPayments: failedCount,
      refundedAmount: paid.reduce((sum, p) => sum + p.refundedCents, 0) / 100,
    });
    const stats = (await t.get(admin, '/api/admin/stats')).json();
    expect(stats).toMatchObject({ totalRevenue: net, failedPayments: failedCount });
    // The list's totals without a search come from the same kept totals: they match the rows too.
    expect((await listed('pageSize=1')).total).toBe(rows.length);
    expect((await listed('status=failed&pageSize=1')).total).toBe(failedCount);
    expect((await listed('status=refunded&pageSize=1')).total).toBe(
      rows.filter((p) => p.status === 'refunded').length,
    );
  });

  it('a hand-computed small example', async () => {
    const { toFinancialAnalytics } = await import('../billing');
    expect(
      toFinancialAnalytics({ completed: 3, failed: 1, grossCents: 36_000, refundedCents: 5_000 }),
    ).toEqual({
      totalRevenue: 310,
      paymentSuccessRate: 75,
      averageTransactionValue: 120,
      completedPayments: 3,
      failedPayments: 1,
      refundedAmount: 50,
    });
    expect(toFinancialAnalytics({ completed: 0, failed: 0, grossCents: 0, refundedCents: 0 })).toMatchObject({
      paymentSuccessRate: null,
      averageTransactionValue: null,
    });
  });

  it('the provider info names the sandbox and no secret', async () => {
    const res = await t.get(admin, '/api/admin/payment-provider');
    expect(res.json()).toEqual({
      provider: 'sandbox',
      webhooksConfigured: false,
      webhookPath: null,
      mode: null,
    });
  });
});
