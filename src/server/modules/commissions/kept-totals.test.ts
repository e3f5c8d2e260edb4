// The commissions' kept totals (migration 0026, docs/commissions.md "Totals at size"): every way a
// commission is written keeps `sales_commission_totals` equal to the sums worked out from every row;
// the history's totals, a sales user's own card and the team figures read those totals, never every
// commission; parallel writers on PostgreSQL keep them right.
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { CARDS, checkout } from '../../../../tests/setup/customers';
import { customerFormInput, staffWith } from '../../../../tests/setup/staff';
import { invitedPassword } from '../../../../tests/setup/mail';
import type { CommissionTotals } from '../../../shared/contracts/commissions';
import { payments, salesCommissions } from '../../db/schema';

let t: TestApp;
let admin: string;
useTestApp({ staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const db = () => t.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
let serial = 0;

type Total = {
  salesUserId: string | null;
  month: string;
  status: string;
  paidMonth: string | null;
  n: number;
  cents: number;
};
const totalsSql = (from: 'kept' | 'rows') =>
  from === 'kept'
    ? sql`select sales_user_id as "salesUserId", to_char(month, 'YYYY-MM') as month, status,
        to_char(paid_month, 'YYYY-MM') as "paidMonth",
        commissions as n, commission_cents::int as cents
        from sales_commission_totals where commissions <> 0 or commission_cents <> 0`
    : sql`select sales_user_id as "salesUserId", to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
        status, to_char(paid_at at time zone 'UTC', 'YYYY-MM') as "paidMonth", count(*)::int as n, sum(commission_cents)::int as cents
        from sales_commissions group by 1, 2, 3, 4`;

/** The kept totals, or the same worked out from every commission, in one order. */
async function totals(from: 'kept' | 'rows'): Promise<Total[]> {
  const rows = rowsOf<Total>(
    await db().execute(sql`select * from (${totalsSql(from)}) t order by 1, 2, 3, 4`),
  );
  return rows.map((r) => ({ ...r, n: Number(r.n), cents: Number(r.cents) }));
}
const expectKeptRight = async () => expect(await totals('kept')).toEqual(await totals('rows'));

/** A commission written as a bulk load or an import would: any user, month, status and amount. */
async function inserted(salesUserId: string | null, createdAt: Date, cents: number, paidAt?: Date) {
  const [row] = await db()
    .insert(salesCommissions)
    .values({
      salesUserId,
      salesUserName: 'Kept Test',
      companyName: 'Kept Co',
      sourceKey: `kept-test:${Date.now()}:${++serial}`,
      commissionType: 'payment',
      baseCents: cents * 10,
      commissionRate: 0.1,
      commissionCents: cents,
      ...(paidAt ? { status: 'paid' as const, paidAt } : {}),
      createdAt,
    })
    .returning({ id: salesCommissions.id });
  return row!.id;
}

/** A sales user with a 10 % rate on Professional and a customer of theirs who has paid at checkout. */
async function earnedBy(sales: { cookie: string; id: string }) {
  const made = await t.post(
    sales.cookie,
    '/api/admin/customers',
    customerFormInput({ planId: 'professional' }),
  );
  expect(made.statusCode, made.body).toBe(201);
  const customer = made.json<{ customer: { id: string; email: string } }>().customer;
  const session = await t.customerSession(customer.email, await invitedPassword(t, customer.email));
  await checkout(t, { ...customer, password: '', ...session }, CARDS.visa);
  const [payment] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.customerId, customer.id), eq(payments.status, 'succeeded')));
  return { customerId: customer.id, paymentId: payment!.id };
}

async function salesUser() {
  const sales = await staffWith(t, 'sales', { canEditCustomers: true });
  const rate = await t.post(admin, '/api/sales-commission-rates', {
    salesUserId: sales.id,
    planId: 'professional',
    commissionRate: 0.1,
  });
  expect(rate.statusCode, rate.body).toBe(201);
  return sales;
}

describe('the kept commission totals', () => {
  it('match the rows after every kind of write: earned, refunded, paid, user and customer deleted, deleted', async () => {
    const [ann, bob] = [await salesUser(), await salesUser()];
    const earned = await earnedBy(ann);
    await earnedBy(bob);
    await expectKeptRight();
    // A refund takes back the commission on the refunded part: a negative row.
    const refund = await t.post(admin, `/api/admin/payments/${earned.paymentId}/refund`, { amount: 20 });
    expect(refund.statusCode, refund.body).toBe(200);
    await inserted(ann.id, new Date('2026-01-31T23:59:00Z'), 1_234);
    await inserted(ann.id, new Date('2026-02-01T00:01:00Z'), 777);
    await expectKeptRight();

    const ids = (
      await db().select().from(salesCommissions).where(eq(salesCommissions.salesUserId, ann.id))
    ).map((r) => r.id);
    const paid = await t.post(admin, '/api/sales-commissions/mark-paid', { ids });
    expect(paid.json().updated).toBe(ids.length);
    await expectKeptRight();

    // The customer's deletion keeps the commissions (customer set null); the sales user's moves theirs
    // to no user.
    expect((await t.delete(admin, `/api/admin/customers/${earned.customerId}`)).statusCode).toBe(200);
    expect((await t.delete(admin, `/api/admin/users/${bob.id}`)).statusCode).toBe(200);
    await expectKeptRight();
    // No product path deletes a commission, but a delete must not leave it counted.
    await db()
      .delete(salesCommissions)
      .where(inArray(salesCommissions.id, ids.slice(0, 2)));
    await expectKeptRight();
  });

  it('are worked out again by sales_commission_totals_recompute() after a bulk load with triggers off', async () => {
    const sales = await staffWith(t, 'sales');
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into sales_commissions (sales_user_id, sales_user_name, company_name, source_key,
          commission_type, base_cents, commission_rate, commission_cents, status, paid_at, created_at)
        select ${sales.id}::uuid, 'Bulk', 'Bulk Co', 'kept-bulk:' || g, 'payment', 10000, 0.1, 1000,
          case when g % 3 = 0 then 'paid' else 'pending' end,
          case when g % 3 = 0 then now() - make_interval(days => g) + interval '20 days' end,
          now() - make_interval(days => g)
        from generate_series(1, 90) g`);
    });
    expect(await totals('kept')).not.toEqual(await totals('rows'));
    await db().execute(sql`select sales_commission_totals_recompute()`);
    await expectKeptRight();
  });
});

describe('the figures read from them', () => {
  it('the history’s totals, a sales user’s card and the team figure equal the sums over the rows', async () => {
    const sales = await salesUser();
    await earnedBy(sales);
    const thisMonth = new Date().toISOString().slice(0, 7);
    await inserted(sales.id, new Date('2025-11-15T12:00:00Z'), 500, new Date());
    await inserted(sales.id, new Date('2025-11-20T12:00:00Z'), 300, new Date('2025-12-02T00:00:00Z'));
    await inserted(sales.id, new Date('2025-11-21T12:00:00Z'), -40);
    const rows = await db().select().from(salesCommissions);
    const sum = (list: typeof rows) => list.reduce((s, r) => s + r.commissionCents, 0) / 100;
    const expected = (list: typeof rows): CommissionTotals => ({
      count: list.length,
      pendingCount: list.filter((r) => r.status === 'pending').length,
      paidCount: list.filter((r) => r.status === 'paid').length,
      pendingAmount: sum(list.filter((r) => r.status === 'pending')),
      paidAmount: sum(list.filter((r) => r.status === 'paid')),
      totalAmount: sum(list),
    });
    const month = (r: (typeof rows)[number]) => r.createdAt.toISOString().slice(0, 7);
    const cases: [string, (r: (typeof rows)[number]) => boolean][] = [
      ['', () => true],
      [`salesUserId=${sales.id}`, (r) => r.salesUserId === sales.id],
      ['status=paid', (r) => r.status === 'paid'],
      [`month=2025-11&salesUserId=${sales.id}`, (r) => month(r) === '2025-11' && r.salesUserId === sales.id],
      [`month=${thisMonth}&status=pending`, (r) => month(r) === thisMonth && r.status === 'pending'],
      ['salesUserId=not-a-user', () => false],
    ];
    for (const [query, matches] of cases) {
      const page = (await t.get(admin, `/api/sales-commissions?${query}`)).json();
      expect(page.totals, query).toEqual(expected(rows.filter(matches)));
      expect(page.total, query).toBe(rows.filter(matches).length);
    }

    const mine = rows.filter((r) => r.salesUserId === sales.id);
    const paidThisMonth = mine.filter(
      (r) => r.status === 'paid' && r.paidAt!.toISOString().startsWith(thisMonth),
    );
    expect((await t.get(sales.cookie, '/api/admin/my-commissions')).json()).toMatchObject({
      pendingCount: mine.filter((r) => r.status === 'pending').length,
      pendingAmount: sum(mine.filter((r) => r.status === 'pending')),
      paidThisMonthCount: paidThisMonth.length,
      paidThisMonthAmount: sum(paidThisMonth),
    });
    expect((await t.get(admin, '/api/admin/users/stats')).json().totalCommissions).toBe(sum(rows));
  });

  it('read the kept totals: only the page of rows reads sales_commissions, and no figure does', async () => {
    const sales = await salesUser();
    await earnedBy(sales);
    const readsRows = (statements: string[]) => statements.filter((s) => /\bsales_commissions\b/.test(s));
    const history = await t.queriesDuring(() => t.get(admin, '/api/sales-commissions?status=pending&page=2'));
    expect(history.some((s) => s.includes('sales_commission_totals'))).toBe(true);
    expect(readsRows(history)).toHaveLength(1);
    expect(readsRows(history)[0]).toMatch(/limit \$\d+ offset/);
    const card = await t.queriesDuring(() => t.get(sales.cookie, '/api/admin/my-commissions'));
    expect(readsRows(card)).toHaveLength(1);
    expect(readsRows(card)[0]).toMatch(/limit \$\d+/);
    const stats = await t.queriesDuring(() => t.get(admin, '/api/admin/users/stats'));
    expect(readsRows(stats)).toEqual([]);
  });
});

describe('parallel writers', () => {
  it('commissions earned and marked paid at once, over several months and users, keep the totals right', async () => {
    const [ann, bob] = [await staffWith(t, 'sales'), await staffWith(t, 'sales')];
    const months = ['2026-03-10', '2026-04-10', '2026-05-10', '2026-06-10'];
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inserted(i % 2 ? ann.id : bob.id, new Date(`${months[i % 4]}T12:00:00Z`), 100 + i),
      ),
    );
    await expectKeptRight();
    // Overlapping sets over every month, in opposite orders, paid while more are earned.
    const answers = await Promise.all([
      t.post(admin, '/api/sales-commissions/mark-paid', { ids: ids.slice(0, 30) }),
      t.post(admin, '/api/sales-commissions/mark-paid', { ids: ids.slice(10).reverse() }),
      t.post(admin, '/api/sales-commissions/mark-paid', { ids: ids.filter((_, i) => i % 3 === 0) }),
      ...Array.from({ length: 10 }, (_, i) => inserted(ann.id, new Date(`${months[i % 4]}T13:00:00Z`), 7)),
    ]);
    const marked = answers.slice(0, 3) as Awaited<ReturnType<TestApp['post']>>[];
    for (const a of marked) expect(a.statusCode, a.body).toBe(200);
    expect(marked.reduce((s, a) => s + a.json<{ updated: number }>().updated, 0)).toBe(ids.length);
    await expectKeptRight();
  });
});
