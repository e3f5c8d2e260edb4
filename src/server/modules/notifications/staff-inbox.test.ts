import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { CARDS, addCard, signUp } from '../../../../tests/setup/customers';
import { notifications } from '../../db/schema';
import type { NotificationList } from '../../../shared/contracts/notifications';
import { notifyStaff } from './service';

let t: TestApp;
let admin: string;
let manager: string;
let sales: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.staffCookie('admin@motorpool.local');
  manager = await t.staffCookie('manager@motorpool.local');
  sales = await t.staffCookie('sales@motorpool.local');
});
afterAll(() => t.close());

async function inbox(session: string): Promise<NotificationList> {
  const res = await t.get(session, '/api/admin/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A notification as the billing engine writes it, `minutesAgo` in the past. */
async function planted(type: string, minutesAgo = 0): Promise<string> {
  const c = await signUp(t);
  await notifyStaff(t.database.db, { id: c.id, email: c.email }, type as 'plan_upgrade');
  const [row] = await t.database.db
    .update(notifications)
    .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(and(eq(notifications.customerId, c.id), eq(notifications.type, type)))
    .returning({ id: notifications.id });
  return row!.id;
}

describe('GET /api/admin/notifications', () => {
  it('is for signed-in staff only: 401 anonymous and for a customer session, 200 for every role', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/notifications' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await signUp(t);
    expect((await t.get(customer, '/api/admin/notifications')).statusCode).toBe(401);
    for (const session of [admin, manager, sales]) await inbox(session);
  });

  it('lists what customers did, newest first, with their data (customerEmail, action)', async () => {
    const c = await signUp(t, { planId: 'starter' });
    await addCard(t, c, CARDS.visa);
    const up = await t.post(c, '/api/customer/upgrade-plan', { planId: 'professional' });
    expect(up.statusCode, up.body).toBe(200);
    const { notifications: list } = await inbox(admin);
    const mine = list.filter((n) => n.customerId === c.id);
    expect(mine.map((n) => n.type)).toEqual(['plan_upgrade', 'payment_method_added']);
    expect(mine[0]).toMatchObject({
      customerId: c.id,
      read: false,
      data: { customerEmail: c.email, action: 'plan_upgrade', from: 'starter', to: 'professional' },
    });
    expect(Date.parse(mine[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(mine[1]!.createdAt));
  });

  it('answers at most 20, the newest', async () => {
    for (let i = 0; i < 21; i += 1) await planted('plan_downgrade');
    const newest = await planted('subscription_cancelled');
    const { notifications: list } = await inbox(admin);
    expect(list).toHaveLength(20);
    expect(list[0]!.id).toBe(newest);
  });

  it('counts only the last 30 days: an older notification is listed as read and not counted', async () => {
    const before = (await inbox(manager)).count;
    const old = await planted('plan_upgrade', 31 * 24 * 60);
    const after = await inbox(manager);
    expect(after.count).toBe(before);
    // Still reachable by id (and markable), just not unread.
    expect((await t.post(manager, `/api/admin/notifications/${old}/read`, {})).statusCode).toBe(200);
    const recent = await planted('plan_upgrade', 29 * 24 * 60);
    expect((await inbox(manager)).count).toBe(before + 1);
    await t.post(manager, `/api/admin/notifications/${recent}/read`, {});
  });
});

describe('read marks are per staff member', () => {
  it('the admin reading one lowers only the admin count; the manager still sees it unread', async () => {
    const id = await planted('payment_method_added');
    const adminBefore = await inbox(admin);
    const managerBefore = await inbox(manager);
    expect(adminBefore.notifications.find((n) => n.id === id)?.read).toBe(false);

    const res = await t.post(admin, `/api/admin/notifications/${id}/read`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, count: adminBefore.count - 1 });

    const adminAfter = await inbox(admin);
    expect(adminAfter.count).toBe(adminBefore.count - 1);
    expect(adminAfter.notifications.find((n) => n.id === id)?.read).toBe(true);
    const managerAfter = await inbox(manager);
    expect(managerAfter.count).toBe(managerBefore.count);
    expect(managerAfter.notifications.find((n) => n.id === id)?.read).toBe(false);

    // Again: nothing changes, and only the first mark is audited.
    const again = await t.post(admin, `/api/admin/notifications/${id}/read`, {});
    expect(again.json()).toEqual({ success: true, count: adminBefore.count - 1 });
    const audits = await auditRowsWhere(t, { action: 'mark_read', resourceId: id });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorType: 'staff', actorEmail: 'admin@motorpool.local' });
  });

  it('read-all clears one staff member, and only them; again is a no-op', async () => {
    await planted('plan_upgrade');
    const managerBefore = (await inbox(manager)).count;
    expect(managerBefore).toBeGreaterThan(0);
    const res = await t.post(sales, '/api/admin/notifications/read-all', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, count: 0 });
    const salesAfter = await inbox(sales);
    expect(salesAfter.count).toBe(0);
    expect(salesAfter.notifications.every((n) => n.read)).toBe(true);
    expect((await inbox(manager)).count).toBe(managerBefore);
    expect((await t.post(sales, '/api/admin/notifications/read-all', {})).json()).toEqual({
      success: true,
      count: 0,
    });
    // A new one after that is unread for sales again.
    await planted('plan_downgrade');
    expect((await inbox(sales)).count).toBe(1);
    const audits = await auditRowsWhere(t, { action: 'mark_all_read', actorEmail: 'sales@motorpool.local' });
    expect(audits).toHaveLength(1);
  });

  it('refusals: 401 without staff, 404 for an unknown notification, 400 for an id that is not one', async () => {
    const id = await planted('plan_upgrade');
    const customer = await signUp(t);
    for (const url of [`/api/admin/notifications/${id}/read`, '/api/admin/notifications/read-all']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
      expect((await t.post(customer, url, {})).statusCode).toBe(401);
    }
    const unknown = await t.post(
      admin,
      '/api/admin/notifications/00000000-0000-4000-8000-000000000000/read',
      {},
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Notification not found' });
    expect((await t.post(admin, '/api/admin/notifications/nope/read', {})).statusCode).toBe(400);
  });
});
