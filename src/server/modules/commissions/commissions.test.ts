import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FILL_ALL_FIELDS_MESSAGE, formatRatePercent } from '../../../shared/contracts/commissions';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { CARDS, checkout } from '../../../../tests/setup/customers';
import { customerFormInput, staffWith } from '../../../../tests/setup/staff';
import { payments, salesCommissionRates, salesCommissions } from '../../db/schema';
import { adjustCommissionForRefund, commissionCentsOf } from './earn';
import { invitedPassword } from '../../../../tests/setup/mail';

let t: TestApp;
let admin: string;
useTestApp({ staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const db = () => t.database.db;

async function setRate(salesUserId: string, planId: string, commissionRate: number) {
  const res = await t.post(admin, '/api/sales-commission-rates', {
    salesUserId,
    planId,
    commissionRate,
    createdBy: 'ignored',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ rate: { id: string; commissionRate: number; isActive: boolean } }>().rate;
}

/**
 * A customer a sales user added through the customers screen (so assigned to them by default), on
 * Professional, who then pays at checkout with the temporary password staff gave them.
 */
async function customerOf(sales: { cookie: string }, overrides: Record<string, unknown> = {}) {
  const made = await t.post(
    sales.cookie,
    '/api/admin/customers',
    customerFormInput({ planId: 'professional', ...overrides }),
  );
  expect(made.statusCode, made.body).toBe(201);
  const customer = made.json<{
    customer: { id: string; email: string; salesUserId: string | null };
  }>().customer;
  const password = await invitedPassword(t, customer.email);
  const session = await t.customerSession(customer.email, password);
  return { ...customer, password, ...session };
}

async function commissionsOfCustomer(customerId: string) {
  return db().select().from(salesCommissions).where(eq(salesCommissions.customerId, customerId));
}

describe('commission rates', () => {
  it('are set per sales user and plan, validated, and a new one replaces the active one', async () => {
    const sales = await staffWith(t, 'sales');
    const manager = await staffWith(t, 'manager');
    const missing = await t.post(admin, '/api/sales-commission-rates', {
      planId: 'starter',
      commissionRate: 0.05,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(FILL_ALL_FIELDS_MESSAGE);
    for (const commissionRate of [-0.005, 1.005, 0.073]) {
      const res = await t.post(admin, '/api/sales-commission-rates', {
        salesUserId: sales.id,
        planId: 'starter',
        commissionRate,
      });
      expect(res.statusCode, String(commissionRate)).toBe(400);
    }
    const notSales = await t.post(admin, '/api/sales-commission-rates', {
      salesUserId: manager.id,
      planId: 'starter',
      commissionRate: 0.05,
    });
    expect(notSales.statusCode).toBe(400);
    const noPlan = await t.post(admin, '/api/sales-commission-rates', {
      salesUserId: sales.id,
      planId: 'nope',
      commissionRate: 0.05,
    });
    expect(noPlan.statusCode).toBe(400);

    const first = await setRate(sales.id, 'starter', 0.05);
    const second = await setRate(sales.id, 'starter', 0.075);
    expect(formatRatePercent(second.commissionRate)).toBe('7.5%');
    const listed = (await t.get(admin, '/api/sales-commission-rates')).json<
      { id: string; isActive: boolean; salesUserId: string }[]
    >();
    const mine = listed.filter((r) => r.salesUserId === sales.id);
    expect(mine.map((r) => [r.id, r.isActive])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const audit = await auditRowsWhere(t, { resourceType: 'commission_rate', resourceId: second.id });
    expect(audit[0]!.oldValues).toMatchObject({ rateId: first.id, commissionRate: 0.05 });
  });

  it('two rates set at once leave exactly one active', async () => {
    const sales = await staffWith(t, 'sales');
    const answers = await Promise.all(
      [0.04, 0.06, 0.08].map((commissionRate) =>
        t.post(admin, '/api/sales-commission-rates', {
          salesUserId: sales.id,
          planId: 'enterprise',
          commissionRate,
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const rows = await db()
      .select()
      .from(salesCommissionRates)
      .where(eq(salesCommissionRates.salesUserId, sales.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });
});

describe('commissions are earned on payments', () => {
  it('a payment of an assigned customer records a pending commission at the active rate, once', async () => {
    const sales = await staffWith(t, 'sales', { canEditCustomers: true });
    await setRate(sales.id, 'professional', 0.075);
    const customer = await customerOf(sales);
    expect(customer.salesUserId).toBe(sales.id);
    await checkout(t, customer, CARDS.visa);

    const [paid] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, customer.id), eq(payments.status, 'succeeded')));
    const rows = await commissionsOfCustomer(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      salesUserId: sales.id,
      paymentId: paid!.id,
      commissionType: 'payment',
      baseCents: paid!.amountCents,
      commissionRate: 0.075,
      commissionCents: commissionCentsOf(paid!.amountCents, 0.075),
      status: 'pending',
    });
    // 7.5 % of the Professional price, to the cent.
    expect(rows[0]!.commissionCents).toBe(Math.round(paid!.amountCents * 0.075));
  });

  it('no assigned sales user, or no rate for the plan, earns nothing', async () => {
    const sales = await staffWith(t, 'sales', { canEditCustomers: true });
    const unassigned = await customerOf(sales, { salesUserId: null });
    expect(unassigned.salesUserId).toBeNull();
    await checkout(t, unassigned, CARDS.visa);
    expect(await commissionsOfCustomer(unassigned.id)).toHaveLength(0);
    const noRate = await customerOf(sales);
    await checkout(t, noRate, CARDS.visa);
    expect(await commissionsOfCustomer(noRate.id)).toHaveLength(0);
  });

  it('the customer dialogs assign only a sales user', async () => {
    const manager = await staffWith(t, 'manager', { canEditCustomers: true });
    const res = await t.post(admin, '/api/admin/customers', customerFormInput({ salesUserId: manager.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.salesUserId).toBe('Choose a sales user from the list');
    const byAdmin = await t.post(admin, '/api/admin/customers', customerFormInput());
    expect(byAdmin.json().customer.salesUserId).toBeNull();
  });

  it('a refund records a negative adjustment of the refunded part, once per refund', async () => {
    const sales = await staffWith(t, 'sales', { canEditCustomers: true });
    await setRate(sales.id, 'professional', 0.1);
    const customer = await customerOf(sales);
    await checkout(t, customer, CARDS.visa);
    const [earned] = await commissionsOfCustomer(customer.id);
    const refund = {
      paymentId: earned!.paymentId!,
      refundKey: `refund-test-${customer.id}`,
      refundedCents: 1_001,
    };
    await db().transaction((tx) => adjustCommissionForRefund(tx, refund));
    await db().transaction((tx) => adjustCommissionForRefund(tx, refund));
    const rows = await commissionsOfCustomer(customer.id);
    const adjustments = rows.filter((r) => r.commissionType === 'refund_adjustment');
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({
      baseCents: -1_001,
      commissionCents: -100,
      status: 'pending',
      salesUserId: sales.id,
    });
    const history = await t.get(admin, `/api/sales-commissions?salesUserId=${sales.id}`);
    expect(history.json().totals.totalAmount).toBe((earned!.commissionCents - 100) / 100);
  });
});

describe('the commission history', () => {
  it('filters by sales user, status and month, pages, and its totals match the rows', async () => {
    const sales = await staffWith(t, 'sales', { canEditCustomers: true });
    await setRate(sales.id, 'professional', 0.05);
    for (let i = 0; i < 3; i++) await checkout(t, await customerOf(sales), CARDS.visa);
    const month = new Date().toISOString().slice(0, 7);
    const all = await t.get(
      admin,
      `/api/sales-commissions?salesUserId=${sales.id}&month=${month}&pageSize=2`,
    );
    expect(all.statusCode).toBe(200);
    const page = all.json<{
      items: { commissionAmount: number }[];
      total: number;
      totals: Record<string, number>;
    }>();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    const rows = await db().select().from(salesCommissions).where(eq(salesCommissions.salesUserId, sales.id));
    expect(page.totals).toMatchObject({
      count: 3,
      pendingCount: 3,
      paidCount: 0,
      pendingAmount: rows.reduce((s, r) => s + r.commissionCents, 0) / 100,
      totalAmount: rows.reduce((s, r) => s + r.commissionCents, 0) / 100,
    });
    const lastYear = await t.get(admin, `/api/sales-commissions?salesUserId=${sales.id}&month=2020-01`);
    expect(lastYear.json().total).toBe(0);
    const bad = await t.get(admin, '/api/sales-commissions?month=2026-13&status=owed');
    expect(bad.statusCode).toBe(400);
  });

  it('mark-paid pays each commission once, whoever presses it at once, and is audited', async () => {
    const sales = await staffWith(t, 'sales', { canEditCustomers: true });
    await setRate(sales.id, 'professional', 0.05);
    for (let i = 0; i < 2; i++) await checkout(t, await customerOf(sales), CARDS.visa);
    const ids = (
      await db().select().from(salesCommissions).where(eq(salesCommissions.salesUserId, sales.id))
    ).map((r) => r.id);
    const other = await staffWith(t, 'manager', { canViewTeamManagement: true, canManageUsers: true });
    const answers = await Promise.all([
      t.post(admin, '/api/sales-commissions/mark-paid', { ids }),
      t.post(other.cookie, '/api/sales-commissions/mark-paid', { ids }),
      t.post(admin, '/api/sales-commissions/mark-paid', { ids: [ids[0]] }),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.reduce((s, a) => s + a.json<{ updated: number }>().updated, 0)).toBe(2);
    const rows = await db().select().from(salesCommissions).where(eq(salesCommissions.salesUserId, sales.id));
    expect(rows.every((r) => r.status === 'paid' && r.paidAt && r.paidByStaffId)).toBe(true);
    const audits = await auditRowsWhere(t, { resourceType: 'commission', action: 'mark_paid' });
    const paidIds = audits
      .flatMap((a) => (a.newValues as { ids: string[] }).ids)
      .filter((id) => ids.includes(id));
    expect(paidIds.sort()).toEqual([...ids].sort());
    const listed = await t.get(admin, `/api/sales-commissions?salesUserId=${sales.id}&status=paid`);
    expect(listed.json().totals.paidCount).toBe(2);
  });

  it('a sales user sees their own commissions and only theirs', async () => {
    const [ann, bob] = await Promise.all([
      staffWith(t, 'sales', { canEditCustomers: true }),
      staffWith(t, 'sales', { canEditCustomers: true }),
    ]);
    await setRate(ann.id, 'professional', 0.05);
    await setRate(bob.id, 'professional', 0.1);
    await checkout(t, await customerOf(ann), CARDS.visa);
    await checkout(t, await customerOf(bob), CARDS.visa);
    await checkout(t, await customerOf(bob), CARDS.visa);

    const annSees = await t.get(ann.cookie, '/api/admin/my-commissions');
    expect(annSees.statusCode).toBe(200);
    const mine = annSees.json<{
      recent: { salesUserId: string }[];
      pendingCount: number;
      pendingAmount: number;
    }>();
    expect(mine.pendingCount).toBe(1);
    expect(mine.recent.map((r) => r.salesUserId)).toEqual([ann.id]);
    const [annRow] = await db()
      .select()
      .from(salesCommissions)
      .where(eq(salesCommissions.salesUserId, ann.id));
    expect(mine.pendingAmount).toBe(annRow!.commissionCents / 100);
    const bobSees = (await t.get(bob.cookie, '/api/admin/my-commissions')).json<{
      recent: { salesUserId: string }[];
    }>();
    expect(bobSees.recent).toHaveLength(2);
    expect(bobSees.recent.every((r) => r.salesUserId === bob.id)).toBe(true);
    // The whole history is not theirs to read, whatever they ask for.
    expect((await t.get(ann.cookie, `/api/sales-commissions?salesUserId=${bob.id}`)).statusCode).toBe(403);

    await t.post(admin, '/api/sales-commissions/mark-paid', { ids: [annRow!.id] });
    const after = (await t.get(ann.cookie, '/api/admin/my-commissions')).json();
    expect(after).toMatchObject({
      pendingCount: 0,
      paidThisMonthCount: 1,
      paidThisMonthAmount: annRow!.commissionCents / 100,
    });
  });
});
