import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { useTestApp, registration, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import {
  CARDS,
  accountRows,
  checkout,
  created,
  signUp,
  type TestCustomer,
} from '../../../../tests/setup/customers';
import { customerFormInput } from '../../../../tests/setup/staff';
import { OWNED_TABLES } from '../../db/account-scope';
import {
  auditLogs,
  customerLogins,
  customerSettings,
  customers,
  impersonationTokens,
  invoices,
  notifications,
  paymentLinks,
  payments,
  sandboxPaymentMethods,
  sessions,
  staffUsers,
  subscriptions,
} from '../../db/schema';
import { PAYMENT_IN_PROGRESS } from '../customers';

let t: TestApp;
let admin: string;
let sales: string;
let manager: string;
useTestApp({ staff: ['admin', 'sales', 'manager'] }, (opened) => ({ t, admin, sales, manager } = opened));

const db = () => t.database.db;

/** The rows of the books that were there before a deletion, read again by id. */
const rowsAgain = (table: typeof payments | typeof invoices, was: { id: string }[]) =>
  db()
    .select()
    .from(table)
    .where(
      inArray(
        table.id,
        was.map((row) => row.id),
      ),
    );

/** Every table that holds rows of an account by customer_id, with how many it holds for this one. */
async function rowsOf(customerId: string) {
  const tables = [
    ...OWNED_TABLES.filter((table) => table !== payments && table !== invoices),
    sessions,
    notifications,
    customerLogins,
    impersonationTokens,
    paymentLinks,
  ];
  const counts = await Promise.all(
    tables.map(async (table) => {
      const [row] = await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(table)
        .where(eq(table.customerId, customerId));
      return row!.n;
    }),
  );
  return counts;
}

/** A customer with a row of every kind, paid once (an invoice and a payment) and signed in. */
async function fullAccount(): Promise<{ c: TestCustomer; cardToken: string }> {
  const c = await signUp(t, { planId: 'starter' });
  const rows = await accountRows(t, c);
  const [staff] = await db().select({ id: staffUsers.id }).from(staffUsers).limit(1);
  await db()
    .insert(customerSettings)
    .values({ customerId: c.id, settings: { theme: 'dark' } });
  await db().insert(notifications).values({ type: 'plan_upgrade', customerId: c.id, data: {} });
  await db()
    .insert(paymentLinks)
    .values({
      tokenDigest: `digest-${c.id}`,
      customerId: c.id,
      purpose: 'checkout',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  await db()
    .insert(impersonationTokens)
    .values({
      tokenDigest: `imp-${c.id}`,
      staffUserId: staff!.id,
      customerId: c.id,
      expiresAt: new Date(Date.now() + 300_000),
    });
  return { c, cardToken: rows.cardToken };
}

const books = async (customerId: string) => ({
  payments: await db().select().from(payments).where(eq(payments.customerId, customerId)),
  invoices: await db().select().from(invoices).where(eq(invoices.customerId, customerId)),
});

describe('DELETE /api/admin/customers/:id', () => {
  it('removes the account and everything it owns in one go; payments and invoices stay, detached and marked', async () => {
    const { c, cardToken } = await fullAccount();
    const before = await books(c.id);
    expect(before.payments.length).toBeGreaterThan(0);
    expect(before.invoices.length).toBeGreaterThan(0);
    expect((await rowsOf(c.id)).every((n) => n > 0)).toBe(true);

    const res = await t.delete(admin, `/api/admin/customers/${c.id}`);
    expect(res.statusCode).toBe(200);
    const [company] = await db()
      .select({ companyName: auditLogs.oldValues })
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceId, c.id), eq(auditLogs.action, 'delete')));
    const companyName = (company!.companyName as { companyName: string }).companyName;
    expect(res.json()).toEqual({ success: true, message: `${companyName} has been permanently deleted.` });

    expect(await db().select().from(customers).where(eq(customers.id, c.id))).toEqual([]);
    expect((await rowsOf(c.id)).every((n) => n === 0)).toBe(true);

    const keptPayments = await rowsAgain(payments, before.payments);
    expect(keptPayments).toHaveLength(before.payments.length);
    for (const p of keptPayments) {
      const was = before.payments.find((b) => b.id === p.id)!;
      expect(p).toEqual({ ...was, customerId: null, customerDeletedAt: expect.any(Date) });
    }
    const keptInvoices = await rowsAgain(invoices, before.invoices);
    expect(keptInvoices).toHaveLength(before.invoices.length);
    for (const i of keptInvoices) {
      const was = before.invoices.find((b) => b.id === i.id)!;
      expect(i).toEqual({ ...was, customerId: null, customerDeletedAt: expect.any(Date) });
    }

    // The card is detached at the processor.
    const [card] = await db()
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, cardToken));
    expect(card!.customerRef).toBeNull();
    // The session is gone with the account, and the email is free again.
    expect((await t.get(c, '/api/fleet/vehicles')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: registration({ email: c.email }),
    });
    expect(again.statusCode).toBe(201);

    const [audit] = await auditRowsWhere(t, { resourceId: c.id, action: 'delete' });
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorEmail: 'admin@motorpool.local',
      accountId: c.id,
      oldValues: { email: c.email, planId: 'starter', subscriptionStatus: 'active' },
      newValues: {
        deletedBy: 'staff',
        paymentsKept: before.payments.length,
        invoicesKept: before.invoices.length,
      },
    });
  });

  it('404 the second time, for an unknown id and for a malformed one', async () => {
    const { customer } = await created(t, admin, '/api/admin/customers', customerFormInput());
    expect((await t.delete(admin, `/api/admin/customers/${customer.id}`)).statusCode).toBe(200);
    for (const id of [customer.id, 'not-a-uuid']) {
      const res = await t.delete(admin, `/api/admin/customers/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Customer not found' });
    }
  });

  it('403 to sales and to a manager without canDeleteCustomers; the account stays', async () => {
    const { customer } = await created(t, admin, '/api/admin/customers', customerFormInput());
    for (const cookie of [sales, manager]) {
      expect((await t.delete(cookie, `/api/admin/customers/${customer.id}`)).statusCode).toBe(403);
    }
    expect(await db().select().from(customers).where(eq(customers.id, customer.id))).toHaveLength(1);
  });

  it('the portal’s own Delete Account keeps the books the same way', async () => {
    const c = await signUp(t, { planId: 'starter' });
    expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
    const before = await books(c.id);
    const res = await t.post(c, '/api/customer/delete-account', { password: c.password });
    expect(res.statusCode).toBe(200);
    const kept = await rowsAgain(payments, before.payments);
    expect(kept.map((p) => [p.customerId, p.customerDeletedAt !== null])).toEqual(
      before.payments.map(() => [null, true]),
    );
    const keptInvoices = await rowsAgain(invoices, before.invoices);
    expect(keptInvoices.map((i) => [i.customerId, i.customerDeletedAt !== null])).toEqual(
      before.invoices.map(() => [null, true]),
    );
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.resourceId, c.id), eq(auditLogs.action, 'delete'), eq(auditLogs.success, true)),
      );
    expect(audit).toMatchObject({
      actorType: 'customer',
      newValues: { deletedBy: 'customer', paymentsKept: 1 },
    });
  });

  it('books of a deleted customer break nothing for the others: lists, stats and billing still answer', async () => {
    const gone = await signUp(t, { planId: 'starter' });
    expect((await checkout(t, gone, CARDS.visa)).statusCode).toBe(200);
    await t.delete(admin, `/api/admin/customers/${gone.id}`);
    const other = await signUp(t, { planId: 'starter' });
    expect((await checkout(t, other, CARDS.visa)).statusCode).toBe(200);
    for (const url of ['/api/customer/billing-info', `/api/customer/payment-history/${other.email}`]) {
      expect((await t.get(other, url)).statusCode, url).toBe(200);
    }
    for (const url of ['/api/admin/customers', '/api/admin/customers/stats', '/api/admin/plans/stats']) {
      expect((await t.get(admin, url)).statusCode, url).toBe(200);
    }
    expect((await t.get(admin, '/api/admin/customers/export')).statusCode).toBe(200);
  });
});

describe('deletes racing other changes end in one consistent state, never a 500', () => {
  const assertGone = async (id: string, paymentIds: string[]) => {
    expect(await db().select().from(customers).where(eq(customers.id, id))).toEqual([]);
    expect((await rowsOf(id)).every((n) => n === 0)).toBe(true);
    const kept = await db().select().from(payments).where(inArray(payments.id, paymentIds));
    expect(kept.map((p) => [p.customerId, p.customerDeletedAt !== null])).toEqual(
      paymentIds.map(() => [null, true]),
    );
  };

  it('two deletes of one customer at once: one 200, one 404', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await signUp(t, { planId: 'starter' });
      expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
      const paymentIds = (await books(c.id)).payments.map((p) => p.id);
      const results = await Promise.all([
        t.delete(admin, `/api/admin/customers/${c.id}`),
        t.delete(admin, `/api/admin/customers/${c.id}`),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      await assertGone(c.id, paymentIds);
    }
  });

  it('a delete racing a suspend, an edit or the customer’s own delete', async () => {
    for (let round = 0; round < 3; round++) {
      const input = registration({ planId: 'starter' });
      const c = await signUp(t, input);
      expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
      const paymentIds = (await books(c.id)).payments.map((p) => p.id);
      const [deleted, suspended, edited, selfDeleted] = await Promise.all([
        t.delete(admin, `/api/admin/customers/${c.id}`),
        t.post(admin, `/api/admin/customers/${c.id}/suspend`),
        t.put(
          admin,
          `/api/admin/customers/${c.id}`,
          customerFormInput({ email: c.email, planId: 'starter' }),
        ),
        t.post(c, '/api/customer/delete-account', { password: c.password }),
      ]);
      const statuses = [deleted, suspended, edited, selfDeleted].map((r) => r.statusCode);
      expect(
        statuses.every((s) => s < 500),
        JSON.stringify(statuses),
      ).toBe(true);
      // Exactly one of the two deletes removed the account.
      expect([deleted.statusCode, selfDeleted.statusCode].filter((s) => s === 200)).toHaveLength(1);
      expect([200, 404]).toContain(suspended.statusCode);
      expect([200, 404]).toContain(edited.statusCode);
      await assertGone(c.id, paymentIds);
      const deletes = await db()
        .select()
        .from(auditLogs)
        .where(
          and(eq(auditLogs.resourceId, c.id), eq(auditLogs.action, 'delete'), eq(auditLogs.success, true)),
        );
      expect(deletes).toHaveLength(1);
    }
  });
});

describe('a delete while a payment is being taken', () => {
  it('is refused with 409 and removes nothing while the billing job or a plan change holds the subscription', async () => {
    const c = await signUp(t);
    await checkout(t, c, CARDS.visa);
    await db()
      .update(subscriptions)
      .set({ claimedUntil: sql`now() + interval '2 minutes'` })
      .where(eq(subscriptions.customerId, c.id));
    const res = await t.delete(admin, `/api/admin/customers/${c.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_IN_PROGRESS);
    expect(await db().$count(customers, eq(customers.id, c.id))).toBe(1);
    await db().update(subscriptions).set({ claimedUntil: null }).where(eq(subscriptions.customerId, c.id));
    expect((await t.delete(admin, `/api/admin/customers/${c.id}`)).statusCode).toBe(200);
  });
});
