import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { CARDS, billingInfo, checkout, signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { manualClock } from '../../clock';
import { customers, payments, sandboxCharges, subscriptions } from '../../db/schema';
import { PAID_PLAN_MESSAGE } from './accounts';
import { PROFILE_FIELDS } from '../../../shared/contracts/staff-customers';

/**
 * Issue 24 §4c: staff change a paying customer's plan on the portal's billing rules (preview,
 * prorated charge on upgrade, downgrade at the period end), audited as the staff member.
 */

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
let admin: string;
let sales: string;
useTestApp({ clock, staff: ['admin', 'sales'] }, (opened) => ({ t, admin, sales } = opened));

const db = () => t.database.db;

async function paying(planId: string) {
  const c = await signUp(t, { planId });
  expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
  return c;
}

const staffPreview = (c: TestCustomer, planId: string, session = admin) =>
  t.post(session, `/api/admin/customers/${c.id}/preview-plan-change`, { planId });
const staffChange = (c: TestCustomer, planId: string, expectedAmount?: number) =>
  t.post(admin, `/api/admin/customers/${c.id}/change-plan`, { planId, expectedAmount });

async function subscriptionOf(customerId: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
  return row!;
}

const upgradePayments = async (customerId: string) =>
  (await db().select().from(payments).where(eq(payments.customerId, customerId))).filter(
    (p) => p.status === 'succeeded' && p.idempotencyKey.startsWith('upgrade:'),
  );

const auditsOf = (subscriptionId: string, action: string) =>
  auditRowsWhere(t, { resourceId: subscriptionId, action });

describe('staff upgrade of a paying customer', () => {
  it('previews what the portal previews, charges exactly that once, audited as the staff member', async () => {
    const c = await paying('starter');
    clock.advanceDays(11);
    const portal = (await t.post(c, '/api/customer/preview-plan-change', { planId: 'professional' })).json();
    const res = await staffPreview(c, 'professional');
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json();
    expect(quote).toEqual(portal);
    expect(quote).toMatchObject({ kind: 'upgrade', planName: 'Professional', newMonthlyPrice: 189 });
    expect(quote.amountDueToday).toBeGreaterThan(0.5);
    expect(quote.amountDueToday).toBeLessThan(69);
    expect(await upgradePayments(c.id)).toHaveLength(0); // looking charges nothing

    const done = await staffChange(c, 'professional', quote.amountDueToday);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      success: true,
      planId: 'professional',
      chargedAmount: quote.amountDueToday,
      message: expect.stringMatching(/ is now on the Professional plan\.$/),
    });
    const paid = await upgradePayments(c.id);
    expect(paid.map((p) => p.amountCents)).toEqual([Math.round(quote.amountDueToday * 100)]);
    const sub = await subscriptionOf(c.id);
    expect(sub).toMatchObject({ planId: 'professional', priceCents: 18900 });
    const [account] = await db().select().from(customers).where(eq(customers.id, c.id));
    expect(account!.planId).toBe('professional');
    const [audit] = await auditsOf(sub.id, 'upgrade');
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorEmail: 'admin@motorpool.local',
      accountId: c.id,
      newValues: { planId: 'professional', charged: quote.amountDueToday },
    });
    // The portal shows the new plan.
    expect((await billingInfo(t, c)).currentPlan).toMatchObject({ id: 'professional', price: 189 });
  });

  it('sent twice at once charges once', async () => {
    const c = await paying('starter');
    clock.advanceDays(5);
    const quote = (await staffPreview(c, 'professional')).json();
    const answers = await Promise.all([
      staffChange(c, 'professional', quote.amountDueToday),
      staffChange(c, 'professional', quote.amountDueToday),
    ]);
    expect(answers.map((a) => a.statusCode)).toContain(200);
    for (const a of answers) expect([200, 400, 409]).toContain(a.statusCode);
    expect(await upgradePayments(c.id)).toHaveLength(1);
    const sub = await subscriptionOf(c.id);
    const charges = await db()
      .select()
      .from(sandboxCharges)
      .where(like(sandboxCharges.idempotencyKey, `upgrade:${sub.id}:%`));
    expect(charges).toHaveLength(1);
    expect(await auditsOf(sub.id, 'upgrade')).toHaveLength(1);
  });
});

describe('staff downgrade of a paying customer', () => {
  it('is scheduled for the period end, charges nothing, audited as the staff member', async () => {
    const c = await paying('professional');
    const periodEnd = (await billingInfo(t, c)).currentPeriodEnd as string;
    const quote = (await staffPreview(c, 'starter')).json();
    expect(quote).toMatchObject({ kind: 'downgrade', amountDueToday: 0, effectiveAt: periodEnd });
    expect(quote.message).toMatch(/^Nothing is charged today\. .+'s plan changes to Starter on /);
    const done = await staffChange(c, 'starter');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ chargedAmount: 0, effectiveAt: periodEnd, planId: 'starter' });
    const sub = await subscriptionOf(c.id);
    expect(sub).toMatchObject({ planId: 'professional', scheduledPlanId: 'starter' });
    const [audit] = await auditsOf(sub.id, 'downgrade');
    expect(audit).toMatchObject({ actorType: 'staff', actorEmail: 'admin@motorpool.local' });
    expect(await upgradePayments(c.id)).toHaveLength(0);
  });
});

describe('refusals: nothing changed', () => {
  it("billing's own: same plan, unknown plan, after a cancellation; unknown customer; view-only staff", async () => {
    const c = await paying('starter');
    const before = await subscriptionOf(c.id);
    expect((await staffChange(c, 'starter')).statusCode).toBeGreaterThanOrEqual(400);
    const unknown = await staffChange(c, 'nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ planId: 'Please select a plan' });
    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    expect((await staffPreview(c, 'professional')).statusCode).toBe(409);
    expect((await staffChange(c, 'professional')).statusCode).toBe(409);
    expect(
      (
        await t.post(admin, `/api/admin/customers/00000000-0000-4000-8000-000000000000/change-plan`, {
          planId: 'professional',
        })
      ).statusCode,
    ).toBe(404);
    expect((await staffPreview(c, 'professional', sales)).statusCode).toBe(403);
    const after = await subscriptionOf(c.id);
    expect(after).toMatchObject({
      planId: before.planId,
      priceCents: before.priceCents,
      scheduledPlanId: null,
    });
    expect(await upgradePayments(c.id)).toHaveLength(0);
  });

  it('the Edit form still refuses a paying plan change: it goes through the preview and this route', async () => {
    const c = await paying('starter');
    const detail = (await t.get(admin, `/api/admin/customers/${c.id}`)).json();
    const keys = [...PROFILE_FIELDS, 'status'];
    const form = Object.fromEntries(keys.map((k) => [k, detail[k] ?? '']));
    const res = await t.put(admin, `/api/admin/customers/${c.id}`, {
      ...form,
      planId: 'professional',
      password: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ planId: PAID_PLAN_MESSAGE });
  });
});
