// The operations sub-tabs of Billing & Payments: expenses and hosting usage, disputes (sandbox),
// refund and failure rates, reconciliation (docs/payment-operations.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { unique } from '../../../../tests/setup/customers';
import { staffWith } from '../../../../tests/setup/staff';
import { manualClock } from '../../clock';
import type { InvoiceStatus, PaymentStatus } from '../../../shared/statuses';
import { customers, expenses, hostingUsage, invoices, payments, refunds } from '../../db/schema';

// A month of its own, so the demo data's payments and invoices stay out of the hand-made examples.
const clock = manualClock(new Date('2031-06-15T12:00:00Z'));
let t: TestApp;
let admin: string;
let manager: string;
let managerWithout: string;
let sales: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await t.staffCookie('admin@motorpool.local');
  manager = await t.staffCookie('manager@motorpool.local');
  managerWithout = (await staffWith(t, 'manager', { canViewPayments: false })).cookie;
  sales = await t.staffCookie('sales@motorpool.local');
});
afterAll(() => t?.close());

const db = () => t.database.db;

const ROUTES = [
  '/api/admin/expenses',
  '/api/admin/replit-expenses',
  '/api/admin/hosting-usage',
  '/api/admin/replit-usage',
  '/api/admin/disputes',
  '/api/admin/payment-analytics',
  '/api/admin/reconciliation',
];

describe('access', () => {
  it('answers admin and manager, and refuses sales and a manager without canViewPayments', async () => {
    for (const url of ROUTES) {
      expect((await t.get(admin, url)).statusCode, url).toBe(200);
      expect((await t.get(manager, url)).statusCode, url).toBe(200);
      for (const refused of [sales, managerWithout]) {
        const res = await t.get(refused, url);
        expect(res.statusCode, url).toBe(403);
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const entry = { date: '2031-06-01', category: 'hosting', description: 'Refused', amount: 1 };
    expect((await t.post(sales, '/api/admin/expenses', entry)).statusCode).toBe(403);
    expect((await t.post(managerWithout, '/api/admin/expenses', entry)).statusCode).toBe(403);
  });
});

describe('expenses', () => {
  it('adds an audited entry, lists the ledger newest first in pages of 10, and the alias answers the same', async () => {
    const tag = unique();
    for (let day = 1; day <= 11; day += 1) {
      const res = await t.post(admin, '/api/admin/expenses', {
        date: `2031-05-${String(day).padStart(2, '0')}`,
        category: day % 2 ? 'hosting' : 'software',
        description: `Entry ${tag} ${day}`,
        amount: day + 0.25,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        expense: { date: `2031-05-${String(day).padStart(2, '0')}`, amount: day + 0.25 },
      });
    }
    const newest = await t.post(manager, '/api/admin/expenses', {
      date: '2031-06-14',
      category: 'database',
      description: `  Newest ${tag}  `,
      amount: 12.5,
    });
    expect(newest.statusCode).toBe(201);
    const id: string = newest.json().expense.id;
    const [row] = await db().select().from(expenses).where(eq(expenses.id, id));
    expect(row).toMatchObject({ amountCents: 1250, description: `Newest ${tag}`, category: 'database' });
    const [audit] = await auditRowsWhere(t, { resourceType: 'expense', resourceId: id });
    expect(audit).toMatchObject({ action: 'create', actorEmail: 'manager@motorpool.local' });
    expect(audit?.newValues).toMatchObject({ amount: 12.5, category: 'database' });

    const page = (await t.get(admin, '/api/admin/expenses')).json();
    expect(page.pageSize).toBe(10);
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThanOrEqual(12);
    expect(page.items[0]).toMatchObject({ description: `Newest ${tag}`, amount: 12.5, date: '2031-06-14' });
    const dates: string[] = page.items.map((e: { date: string }) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await t.get(admin, '/api/admin/replit-expenses')).json()).toEqual(page);
    const second = (await t.get(admin, '/api/admin/expenses?page=2')).json();
    expect(second.items[0].date < page.items[9].date || second.items[0].date === page.items[9].date).toBe(
      true,
    );
  });

  it('refuses a bad entry with a 400 naming each field, and writes nothing', async () => {
    const before = (await db().select().from(expenses)).length;
    const res = await t.post(admin, '/api/admin/expenses', {
      date: '2031-13-45',
      category: 'yachts',
      description: '   ',
      amount: -3,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['amount', 'category', 'date', 'description']);
    const cents = await t.post(admin, '/api/admin/expenses', {
      date: '2031-06-01',
      category: 'other',
      description: 'Too precise',
      amount: 1.005,
    });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().errors.amount).toMatch(/2 decimals/);
    expect((await db().select().from(expenses)).length).toBe(before);
  });
});

describe('hosting usage', () => {
  it('counts each response: a request adds its bytes and one request to this instance’s row', async () => {
    await t.app.usageMeter.flush();
    const rowOf = async () =>
      (
        await db()
          .select()
          .from(hostingUsage)
          .where(
            and(eq(hostingUsage.day, '2031-06-15'), eq(hostingUsage.instanceId, t.app.usageMeter.instanceId)),
          )
      )[0];
    const before = await rowOf();
    const res = await t.get(admin, '/api/admin/expenses?pageSize=50');
    const size = Number(res.headers['content-length']);
    expect(size).toBeGreaterThan(100);
    await t.app.usageMeter.flush();
    const after = await rowOf();
    expect(after!.requests - (before?.requests ?? 0)).toBe(1);
    expect(after!.bytesServed - (before?.bytesServed ?? 0)).toBe(size);
    expect(after!.cpuMicros).toBeGreaterThanOrEqual(before?.cpuMicros ?? 0);
  });

  it('adds to the row, never replaces it, when two instances write the same day', async () => {
    await db().insert(hostingUsage).values({
      day: '2031-06-02',
      instanceId: 'other-instance',
      cpuMicros: 2_500_000,
      bytesServed: 4000,
      requests: 3,
    });
    await db().insert(hostingUsage).values({
      day: '2031-05-20',
      instanceId: 'other-instance',
      cpuMicros: 1_000_000,
      bytesServed: 1000,
      requests: 1,
    });
    await t.app.usageMeter.flush();
    const res = await t.get(admin, '/api/admin/hosting-usage');
    expect(res.statusCode).toBe(200);
    const usage = res.json();
    const [mine] = await db()
      .select()
      .from(hostingUsage)
      .where(
        and(eq(hostingUsage.day, '2031-06-15'), eq(hostingUsage.instanceId, t.app.usageMeter.instanceId)),
      );
    expect(usage.status).toBe('connected');
    expect(usage.currentMonth).toMatchObject({ from: '2031-06-01', to: '2031-06-15' });
    expect(usage.currentMonth.requests).toBe(3 + mine!.requests);
    expect(usage.currentMonth.bytesServed).toBe(4000 + mine!.bytesServed);
    expect(usage.lastMonth).toMatchObject({
      from: '2031-05-01',
      to: '2031-05-31',
      requests: 1,
      bytesServed: 1000,
      cpuSeconds: 1,
    });
    expect(usage.yearToDate.requests).toBe(usage.currentMonth.requests + 1);
    expect(usage.currentUsage.bandwidth).toBe(usage.currentMonth.bytesServed);
    expect(usage.currentUsage.storage).toBeGreaterThan(1_000_000);
    expect(usage.breakdown.storage.bytes).toBe(usage.currentUsage.storage);
    expect(usage.instances).toBe(2);
    // the ledger's money: May's eleven entries of the test above (1.25 + ... + 11.25), June's 12.50
    expect(usage.lastMonth.expenses).toBeCloseTo(68.75, 2);
    expect(usage.lastMonth.hostingExpenses).toBeCloseTo(1.25 + 3.25 + 5.25 + 7.25 + 9.25 + 11.25, 2);
    expect(usage.currentMonth.hostingExpenses).toBeGreaterThanOrEqual(12.5);
    expect((await t.get(admin, '/api/admin/replit-usage')).json()).toMatchObject({ status: 'connected' });
  });
});

describe('correcting expenses', () => {
  // March 2031: inside the year to date, outside the months the tests above count exactly.
  const yearToDate = async () => {
    const usage = (await t.get(admin, '/api/admin/hosting-usage')).json();
    return {
      expenses: usage.yearToDate.expenses as number,
      hosting: usage.yearToDate.hostingExpenses as number,
    };
  };
  const auditOf = (id: string) => auditRowsWhere(t, { resourceType: 'expense', resourceId: id });

  it('an edit replaces the entry, is audited before/after, and the totals follow; a delete takes it out of them', async () => {
    const start = await yearToDate();
    const added = await t.post(admin, '/api/admin/expenses', {
      date: '2031-03-10',
      category: 'hosting',
      description: 'Typo entry',
      amount: 1000,
    });
    const id: string = added.json().expense.id;
    const withEntry = await yearToDate();
    expect(withEntry.expenses).toBeCloseTo(start.expenses + 1000, 2);
    expect(withEntry.hosting).toBeCloseTo(start.hosting + 1000, 2);

    const put = await t.put(manager, `/api/admin/expenses/${id}`, {
      date: '2031-03-11',
      category: 'software',
      description: 'Corrected entry',
      amount: 10.5,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      success: true,
      message: 'Expense updated',
      expense: { id, date: '2031-03-11', category: 'software', description: 'Corrected entry', amount: 10.5 },
    });
    // It keeps who added it.
    expect(put.json().expense.createdBy).toMatch(/admin|Admin/);
    const corrected = await yearToDate();
    expect(corrected.expenses).toBeCloseTo(start.expenses + 10.5, 2);
    expect(corrected.hosting).toBeCloseTo(start.hosting, 2); // no longer a hosting cost
    const list = (await t.get(admin, '/api/admin/expenses?pageSize=100')).json();
    expect(list.items.find((e: { id: string }) => e.id === id)).toMatchObject({ amount: 10.5 });

    const del = await t.delete(admin, `/api/admin/expenses/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Expense deleted' });
    const after = await yearToDate();
    expect(after.expenses).toBeCloseTo(start.expenses, 2);
    expect((await db().select().from(expenses).where(eq(expenses.id, id))).length).toBe(0);

    const audit = await auditOf(id);
    const update = audit.find((a) => a.action === 'update');
    expect(update).toMatchObject({ actorEmail: 'manager@motorpool.local' });
    expect(update?.oldValues).toEqual({
      date: '2031-03-10',
      category: 'hosting',
      description: 'Typo entry',
      amount: 1000,
    });
    expect(update?.newValues).toEqual({
      date: '2031-03-11',
      category: 'software',
      description: 'Corrected entry',
      amount: 10.5,
    });
    const removal = audit.find((a) => a.action === 'delete');
    expect(removal?.oldValues).toMatchObject({ description: 'Corrected entry', amount: 10.5 });
  });

  it('refuses a bad correction (400 per field), an unknown entry (404) and staff without canViewPayments (403), changing nothing', async () => {
    const added = await t.post(admin, '/api/admin/expenses', {
      date: '2031-03-12',
      category: 'database',
      description: 'Stays as it is',
      amount: 7,
    });
    const id: string = added.json().expense.id;
    const bad = await t.put(admin, `/api/admin/expenses/${id}`, {
      date: '2031-02-30x',
      category: 'yachts',
      description: '',
      amount: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'category', 'date', 'description']);
    const entry = { date: '2031-03-12', category: 'other', description: 'Refused', amount: 1 };
    for (const refused of [sales, managerWithout]) {
      expect((await t.put(refused, `/api/admin/expenses/${id}`, entry)).statusCode).toBe(403);
      expect((await t.delete(refused, `/api/admin/expenses/${id}`)).statusCode).toBe(403);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.put(admin, `/api/admin/expenses/${missing}`, entry)).statusCode).toBe(404);
    const gone = await t.delete(admin, `/api/admin/expenses/${missing}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Expense not found' });
    const [row] = await db().select().from(expenses).where(eq(expenses.id, id));
    expect(row).toMatchObject({ description: 'Stays as it is', amountCents: 700, category: 'database' });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create']);
  });
});

describe('disputes in sandbox mode', () => {
  it('answers an empty page that says the provider is the sandbox', async () => {
    const res = await t.get(admin, '/api/admin/disputes');
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20, provider: 'sandbox' });
  });
});

/** A customer row of our own, for payments and invoices made by hand. */
async function handMadeCustomer(company: string) {
  const [c] = await db()
    .insert(customers)
    .values({
      email: `ops.${unique()}@example.com`,
      passwordHash: 'not-a-hash',
      firstName: 'Ops',
      lastName: 'Example',
      companyName: company,
      planId: 'starter',
    })
    .returning({ id: customers.id });
  return c!.id;
}

let paymentSerial = 0;
function payment(
  customerId: string,
  status: PaymentStatus,
  cents: number,
  at: string,
  extra: Partial<typeof payments.$inferInsert> = {},
) {
  paymentSerial += 1;
  return {
    customerId,
    amountCents: cents,
    status,
    description: 'hand-made',
    provider: 'sandbox',
    idempotencyKey: `ops-test:${unique()}:${paymentSerial}`,
    createdAt: new Date(at),
    ...extra,
  };
}

describe('payment analytics', () => {
  it('gives refund and failure rates by month against a hand-computed example', async () => {
    const c = await handMadeCustomer('Rates Example');
    // March 2031: 3 succeeded ($100, $50, $50), 1 failed, 1 pending; $20 refunded in March, $5 failed refund.
    // April 2031: 1 refunded in full ($40, refunded in April), 1 failed. May: nothing.
    const made = await db()
      .insert(payments)
      .values([
        payment(c, 'succeeded', 10_000, '2031-03-02T10:00:00Z'),
        payment(c, 'succeeded', 5000, '2031-03-05T10:00:00Z', { refundedCents: 2000 }),
        payment(c, 'succeeded', 5000, '2031-03-31T23:59:00Z'),
        payment(c, 'failed', 7000, '2031-03-10T10:00:00Z'),
        payment(c, 'pending', 9000, '2031-03-11T10:00:00Z'),
        payment(c, 'refunded', 4000, '2031-04-01T00:00:00Z', { refundedCents: 4000 }),
        payment(c, 'failed', 4000, '2031-04-20T00:00:00Z'),
      ])
      .returning({ id: payments.id, status: payments.status });
    const partly = made[1]!.id;
    const whole = made[5]!.id;
    await db()
      .insert(refunds)
      .values([
        {
          paymentId: partly,
          customerId: c,
          amountCents: 2000,
          status: 'succeeded',
          requestKey: `rk:${unique()}`,
          createdAt: new Date('2031-03-06T00:00:00Z'),
          completedAt: new Date('2031-03-06T00:00:00Z'),
        },
        {
          paymentId: partly,
          customerId: c,
          amountCents: 500,
          status: 'failed',
          requestKey: `rk:${unique()}`,
          createdAt: new Date('2031-03-07T00:00:00Z'),
          completedAt: new Date('2031-03-07T00:00:00Z'),
        },
        {
          paymentId: whole,
          customerId: c,
          amountCents: 4000,
          status: 'succeeded',
          requestKey: `rk:${unique()}`,
          createdAt: new Date('2031-04-02T00:00:00Z'),
          completedAt: new Date('2031-04-02T00:00:00Z'),
        },
      ]);

    const res = await t.get(admin, '/api/admin/payment-analytics?months=4');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.months.map((m: { month: string }) => m.month)).toEqual([
      '2031-03',
      '2031-04',
      '2031-05',
      '2031-06',
    ]);
    expect(body.months[0]).toEqual({
      month: '2031-03',
      attempted: 4,
      failed: 1,
      failureRate: 0.25,
      collected: 200,
      refunded: 20,
      refundRate: 0.1,
    });
    expect(body.months[1]).toEqual({
      month: '2031-04',
      attempted: 2,
      failed: 1,
      failureRate: 0.5,
      collected: 40,
      refunded: 40,
      refundRate: 1,
    });
    expect(body.months[2]).toMatchObject({ attempted: 0, failureRate: null, collected: 0, refundRate: null });
    expect(body.totals).toMatchObject({
      attempted: 6,
      failed: 2,
      collected: 240,
      refunded: 60,
      refundRate: 0.25,
    });
    expect((await t.get(admin, '/api/admin/payment-analytics?months=0')).statusCode).toBe(400);
    expect((await t.get(admin, '/api/admin/payment-analytics')).json().months).toHaveLength(12);
  });
});

describe('reconciliation', () => {
  it('flags the invoices whose payments differ from their total by more than the tolerance', async () => {
    const c = await handMadeCustomer('Reconcile Example');
    let n = 0;
    const invoice = async (status: InvoiceStatus, totalCents: number) => {
      n += 1;
      const [row] = await db()
        .insert(invoices)
        .values({
          number: `REC-${unique()}-${n}`,
          customerId: c,
          status,
          totalCents,
          lines: [],
          billingName: 'Reconcile Example',
          billingEmail: 'rec@example.com',
          issuedAt: new Date(`2031-02-${String(n).padStart(2, '0')}T10:00:00Z`),
        })
        .returning({ id: invoices.id, number: invoices.number });
      return row!;
    };
    const exact = await invoice('paid', 9900); // paid $99.00 -> matched
    const cent = await invoice('paid', 9900); // paid $98.99 -> off by $0.01: matched at every tolerance
    const dollars = await invoice('paid', 9900); // paid $96.00 -> off by $3.00: flagged at $0.01 and $1
    const unpaid = await invoice('paid', 29_900); // paid, no payment -> off by $299: always flagged
    const partial = await invoice('open', 79_900); // open with $400 received -> flagged
    await invoice('open', 9900); // open, nothing received -> awaiting, neither
    const refundedInv = await invoice('refunded', 9900); // refunded -> excluded
    const netted = await invoice('paid', 9900); // $99 paid, $50 refunded -> paid in full, refund apart: matched
    const shortRefunded = await invoice('paid', 9900); // $90 paid, $10 refunded -> neither adds up: flagged
    const failedOnly = await invoice('paid', 5000); // a failed $50 and a succeeded $50 -> matched
    await db()
      .insert(payments)
      .values([
        payment(c, 'succeeded', 9900, '2031-02-01T10:00:00Z', { invoiceId: exact.id }),
        payment(c, 'succeeded', 9899, '2031-02-02T10:00:00Z', { invoiceId: cent.id }),
        payment(c, 'succeeded', 9600, '2031-02-03T10:00:00Z', { invoiceId: dollars.id }),
        payment(c, 'succeeded', 40_000, '2031-02-05T10:00:00Z', { invoiceId: partial.id }),
        payment(c, 'refunded', 9900, '2031-02-07T10:00:00Z', {
          invoiceId: refundedInv.id,
          refundedCents: 9900,
        }),
        payment(c, 'succeeded', 9900, '2031-02-08T10:00:00Z', {
          invoiceId: netted.id,
          refundedCents: 5000,
        }),
        payment(c, 'succeeded', 9000, '2031-02-10T10:00:00Z', {
          invoiceId: shortRefunded.id,
          refundedCents: 1000,
        }),
        payment(c, 'failed', 5000, '2031-02-09T10:00:00Z', { invoiceId: failedOnly.id }),
        payment(c, 'succeeded', 5000, '2031-02-09T11:00:00Z', { invoiceId: failedOnly.id }),
      ]);

    const at = async (tolerance: string) => {
      const res = await t.get(admin, `/api/admin/reconciliation?month=2031-02&tolerance=${tolerance}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const strict = await at('0.01');
    expect(strict).toMatchObject({
      month: '2031-02',
      tolerance: 0.01,
      matched: 4,
      flagged: 4,
      excluded: 1,
      total: 4,
    });
    // the largest difference first; the partly refunded invoice paid in full is not listed
    expect(strict.items.map((r: { number: string }) => r.number)).toEqual([
      partial.number, // -$399
      unpaid.number, // -$299
      shortRefunded.number, // -$9
      dollars.number, // -$3
    ]);
    expect(strict.items[0]).toMatchObject({
      invoiceTotal: 799,
      paid: 400,
      difference: -399,
      status: 'open',
      companyName: 'Reconcile Example',
    });
    expect(strict.items.find((r: { number: string }) => r.number === unpaid.number)).toMatchObject({
      invoiceTotal: 299,
      paid: 0,
      difference: -299,
    });
    expect(strict.items.find((r: { number: string }) => r.number === shortRefunded.number)).toMatchObject({
      paid: 90,
      refunded: 10,
      net: 80,
      difference: -9,
    });

    expect(await at('1')).toMatchObject({ matched: 4, flagged: 4 });
    const loose = await at('5');
    expect(loose).toMatchObject({ matched: 5, flagged: 3, excluded: 1 });
    expect(loose.items.map((r: { number: string }) => r.number)).not.toContain(dollars.number);

    const paged = (await t.get(admin, '/api/admin/reconciliation?month=2031-02&pageSize=2&page=2')).json();
    expect(paged.items.map((r: { number: string }) => r.number)).toEqual([
      shortRefunded.number,
      dollars.number,
    ]);
    expect(netted.number).toBeTruthy();
    expect((await t.get(admin, '/api/admin/reconciliation?tolerance=2')).statusCode).toBe(400);
    expect((await t.get(admin, '/api/admin/reconciliation')).json().month).toBe('2031-06');
  });
});
