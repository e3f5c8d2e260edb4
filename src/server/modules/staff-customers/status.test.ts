import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { CARDS, billingInfo, checkout, signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { manualClock } from '../../clock';
import { customers, payments, subscriptions } from '../../db/schema';
import {
  billingStatus,
  statusEndedMessage,
  statusNotPendingMessage,
  statusPendingMessage,
} from './account-status';
import { PROFILE_FIELDS } from '../../../shared/contracts/staff-customers';

/**
 * Issue 24 §4b: a status staff set means what it says. Cancelled goes through billing's own
 * cancellation (renewal stops, access to the period end), Active on a scheduled cancellation
 * resumes it, Suspended leaves billing alone.
 */

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
let admin: string;
useTestApp({ clock, staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const db = () => t.database.db;
const runBilling = () =>
  import('../../jobs/billing-runner').then((m) => m.runDueBilling(t.app.services.billing));

async function paying(planId = 'starter') {
  const c = await signUp(t, { planId });
  expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
  return c;
}

const FORM_FIELDS = [...PROFILE_FIELDS, 'planId'] as const;

/** Staff's Edit Customer as the dialog sends it: the detail's fields, with the status changed. */
async function setStatus(c: TestCustomer, status: string) {
  const detail = (await t.get(admin, `/api/admin/customers/${c.id}`)).json();
  const form = Object.fromEntries(FORM_FIELDS.map((k) => [k, detail[k] ?? '']));
  return t.put(admin, `/api/admin/customers/${c.id}`, { ...form, status, password: '' });
}

async function state(customerId: string) {
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
  const [account] = await db().select().from(customers).where(eq(customers.id, customerId));
  return { sub: sub!, account: account! };
}

const auditsOf = (subscriptionId: string, action: string) =>
  auditRowsWhere(t, { resourceId: subscriptionId, action });

const succeeded = async (customerId: string) =>
  (await db().select().from(payments).where(eq(payments.customerId, customerId))).filter(
    (p) => p.status === 'succeeded',
  );

describe('staff set Cancelled', () => {
  it('on a paying customer: renewal stops, access to the period end, then it ends with no charge', async () => {
    const c = await paying();
    const periodEnd = (await billingInfo(t, c)).currentPeriodEnd as string;
    clock.advanceDays(3);

    const res = await setStatus(c, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer).toMatchObject({
      status: 'cancelled',
      subscriptionStatus: 'active',
      accessEndsAt: periodEnd,
    });
    const { sub, account } = await state(c.id);
    expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, scheduledPlanId: null });
    expect(account.status).toBe('cancelled');

    // The portal says the same: cancelled, ending at the period end, nothing more to bill.
    expect(await billingInfo(t, c)).toMatchObject({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
      nextBillingDate: null,
      currentPeriodEnd: periodEnd,
    });
    // Billing's own cancel row, with the staff member as the actor.
    const [cancel] = await auditsOf(sub.id, 'cancel');
    expect(cancel).toMatchObject({
      actorEmail: 'admin@motorpool.local',
      actorType: 'staff',
      accountId: c.id,
      newValues: { cancelAtPeriodEnd: true },
    });
    const [edit] = await auditRowsWhere(t, { resourceId: c.id, action: 'update' });
    expect(edit).toMatchObject({ oldValues: { status: 'active' }, newValues: { status: 'cancelled' } });

    // Access carries on until the period end.
    expect((await t.get(c, '/api/fleet/vehicles')).statusCode).toBe(200);

    // Past the period end the billing job ends it and charges nothing.
    const paidBefore = (await succeeded(c.id)).length;
    clock.set(new Date(new Date(periodEnd).getTime() + 60_000));
    await runBilling();
    expect(await succeeded(c.id)).toHaveLength(paidBefore);
    expect((await state(c.id)).sub).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(await billingInfo(t, c)).toMatchObject({ status: 'cancelled', subscriptionStatus: 'canceled' });
    const listed = (await t.get(admin, `/api/admin/customers/${c.id}`)).json();
    expect(listed).toMatchObject({ status: 'cancelled', subscriptionStatus: 'canceled', accessEndsAt: null });

    // Setting Active on an ended subscription is refused on the field, nothing changed.
    const back = await setStatus(c, 'active');
    expect(back.statusCode).toBe(409);
    const company = listed.companyName as string;
    expect(back.json().errors).toEqual({ status: statusEndedMessage(company) });
    expect((await state(c.id)).account.status).toBe('cancelled');
  });

  it('then Active before the period end resumes it: renews again, audited as the staff member', async () => {
    const c = await paying();
    clock.advanceDays(2);
    expect((await setStatus(c, 'cancelled')).statusCode).toBe(200);
    const res = await setStatus(c, 'active');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer).toMatchObject({ status: 'active', accessEndsAt: null });
    const { sub, account } = await state(c.id);
    expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, canceledAt: null });
    expect(account.status).toBe('active');
    const info = await billingInfo(t, c);
    expect(info).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      nextBillingDate: info.currentPeriodEnd,
    });
    const [resume] = await auditsOf(sub.id, 'resume');
    expect(resume).toMatchObject({ actorEmail: 'admin@motorpool.local', actorType: 'staff' });

    // And the renewal is charged at the period end.
    const paidBefore = (await succeeded(c.id)).length;
    clock.set(new Date(new Date(info.currentPeriodEnd as string).getTime() + 60_000));
    await runBilling();
    expect(await succeeded(c.id)).toHaveLength(paidBefore + 1);
    expect((await state(c.id)).account.status).toBe('active');
  });

  it('on a customer awaiting the first payment ends the subscription at once', async () => {
    const c = await signUp(t);
    await db().update(subscriptions).set({ status: 'pending' }).where(eq(subscriptions.customerId, c.id));
    await db().update(customers).set({ status: 'pending' }).where(eq(customers.id, c.id));
    const res = await setStatus(c, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect((await state(c.id)).sub).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(res.json().customer).toMatchObject({ status: 'cancelled', subscriptionStatus: 'canceled' });
  });

  it('a portal cancellation shows as Cancelled to staff too, and an edit of other fields keeps it', async () => {
    const c = await paying();
    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    const detail = (await t.get(admin, `/api/admin/customers/${c.id}`)).json();
    expect(detail).toMatchObject({
      status: 'cancelled',
      accessEndsAt: (await billingInfo(t, c)).currentPeriodEnd,
    });
    const res = await setStatus(c, 'cancelled');
    expect(res.statusCode).toBe(200);
    const { sub } = await state(c.id);
    expect(sub.cancelAtPeriodEnd).toBe(true);
    expect(await auditsOf(sub.id, 'cancel')).toHaveLength(1);
  });
});

describe('statuses billing cannot give are refused, nothing changed', () => {
  it('Active before the first payment, Pending on a trial or a paid subscription', async () => {
    const pending = await signUp(t);
    await db()
      .update(subscriptions)
      .set({ status: 'pending' })
      .where(eq(subscriptions.customerId, pending.id));
    await db().update(customers).set({ status: 'pending' }).where(eq(customers.id, pending.id));
    const active = await setStatus(pending, 'active');
    expect(active.statusCode).toBe(409);
    const company = (await state(pending.id)).account.companyName;
    expect(active.json().errors).toEqual({ status: statusPendingMessage(company) });
    expect((await state(pending.id)).account.status).toBe('pending');

    const trial = await signUp(t);
    const toPending = await setStatus(trial, 'pending');
    expect(toPending.statusCode).toBe(409);
    const trialCompany = (await state(trial.id)).account.companyName;
    expect(toPending.json().errors).toEqual({ status: statusNotPendingMessage(trialCompany) });
    expect((await state(trial.id)).account.status).toBe('active');
  });
});

describe('staff set Suspended', () => {
  it('blocks sign-in and the API at once and leaves billing as it was', async () => {
    const c = await paying();
    const before = (await state(c.id)).sub;
    const res = await setStatus(c, 'suspended');
    expect(res.statusCode).toBe(200);
    expect((await t.get(c, '/api/fleet/vehicles')).statusCode).toBe(401);
    const signIn = await t.customerLogin(c.email, c.password);
    expect(signIn.statusCode).toBe(403);
    const after = (await state(c.id)).sub;
    expect(after).toMatchObject({
      status: before.status,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: before.currentPeriodEnd,
      priceCents: before.priceCents,
    });
  });
});

describe('staff and the customer at the same moment', () => {
  const consistent = async (customerId: string) => {
    const { sub, account } = await state(customerId);
    expect(account.status).toBe(billingStatus(sub));
    return sub;
  };

  it('staff cancel and customer cancel: one cancellation, one audit row, the label agrees', async () => {
    const c = await paying();
    const [staff, own] = await Promise.all([
      setStatus(c, 'cancelled'),
      t.post(c, '/api/customer/cancel-subscription', {}),
    ]);
    expect(staff.statusCode, staff.body).toBe(200);
    expect([200, 409]).toContain(own.statusCode);
    const sub = await consistent(c.id);
    expect(sub.cancelAtPeriodEnd).toBe(true);
    expect(await auditsOf(sub.id, 'cancel')).toHaveLength(1);
  });

  it('staff cancel and customer resume: whichever runs second decides, the label agrees', async () => {
    const c = await paying();
    const [staff, resume] = await Promise.all([
      setStatus(c, 'cancelled'),
      t.post(c, '/api/customer/resume-subscription', {}),
    ]);
    expect(staff.statusCode, staff.body).toBe(200);
    expect([200, 409]).toContain(resume.statusCode);
    const sub = await consistent(c.id);
    expect(sub.cancelAtPeriodEnd).toBe(resume.statusCode === 409);
  });

  it('staff resume and customer resume: resumed once, one audit row', async () => {
    const c = await paying();
    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    const [staff, own] = await Promise.all([
      setStatus(c, 'active'),
      t.post(c, '/api/customer/resume-subscription', {}),
    ]);
    expect([staff.statusCode, own.statusCode]).toContain(200);
    const sub = await consistent(c.id);
    expect(sub.cancelAtPeriodEnd).toBe(false);
    expect(await auditsOf(sub.id, 'resume')).toHaveLength(1);
  });
});
