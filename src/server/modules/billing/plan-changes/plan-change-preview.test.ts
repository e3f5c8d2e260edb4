import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../../tests/setup/audit';
import {
  CARDS,
  billingInfo,
  checkout,
  signUp,
  type TestCustomer,
} from '../../../../../tests/setup/customers';
import { manualClock } from '../../../clock';
import { payments, sandboxCharges, subscriptions } from '../../../db/schema';
import { RESUME_NOT_CANCELLED } from './cancellation';

/** Issue 9: plan changes say their numbers before they act, and a cancellation can be taken back. */

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
useTestApp({ clock }, (opened) => ({ t } = opened));

const preview = (c: TestCustomer, planId: string) =>
  t.post(c, '/api/customer/preview-plan-change', { planId, email: c.email });

async function paidCustomer(planId: string) {
  const c = await signUp(t, { planId });
  expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
  return c;
}

const succeededPayments = async (customerId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.customerId, customerId))).filter(
    (p) => p.status === 'succeeded',
  );

const resumeAudits = (subscriptionId: string) =>
  auditRowsWhere(t, { action: 'resume', resourceId: subscriptionId });

async function subscriptionOf(customerId: string) {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId));
  return row!;
}

describe('upgrade preview', () => {
  it('says the amount charged today and the new monthly price; the upgrade charges exactly that', async () => {
    const c = await paidCustomer('starter');
    clock.advanceDays(11);
    const res = await preview(c, 'professional');
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    const info = await billingInfo(t, c);
    expect(quote).toMatchObject({
      kind: 'upgrade',
      planId: 'professional',
      planName: 'Professional',
      currentPlanName: 'Starter',
      newMonthlyPrice: 189,
      trialing: false,
      periodEnd: info.currentPeriodEnd,
      firstChargeAt: info.currentPeriodEnd,
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
    expect(quote.amountDueToday).toBeGreaterThan(0.5);
    expect(quote.amountDueToday).toBeLessThan(69);
    // Nothing was charged or recorded by looking.
    expect(await succeededPayments(c.id)).toHaveLength(1);

    // The customer takes 14 minutes to confirm: today's proration is a few cents lower by now, yet the
    // charge is the amount they were shown.
    clock.set(new Date(clock.now().getTime() + 14 * 60_000));
    expect((await preview(c, 'professional')).json().amountDueToday).toBeLessThan(quote.amountDueToday);
    const up = await t.post(c, '/api/customer/upgrade-plan', {
      planId: 'professional',
      expectedAmount: quote.amountDueToday,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().chargedAmount).toBe(quote.amountDueToday);
    const paid = await succeededPayments(c.id);
    expect(paid).toHaveLength(2);
    expect(paid.map((p) => p.amountCents)).toContain(Math.round(quote.amountDueToday * 100));
    const charges = await t.database.db.select().from(sandboxCharges);
    expect(
      charges.filter((ch) => ch.amountCents === Math.round(quote.amountDueToday * 100)).length,
    ).toBeGreaterThan(0);
  });

  it('five confirmations of one upgrade at once: one charge, one payment, the plan changed once', async () => {
    const c = await paidCustomer('starter');
    clock.advanceDays(5);
    const quote = (await preview(c, 'professional')).json();
    const cents = Math.round(quote.amountDueToday * 100);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.post(c, '/api/customer/upgrade-plan', {
          planId: 'professional',
          expectedAmount: quote.amountDueToday,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    // The others are refused with a 4xx (in progress, or already on that plan), never a 500.
    for (const code of codes.filter((code) => code !== 200)) {
      expect(code).toBeGreaterThanOrEqual(400);
      expect(code).toBeLessThan(500);
    }
    const paid = await succeededPayments(c.id);
    expect(paid).toHaveLength(2); // the checkout, then this one upgrade
    expect(paid.filter((p) => p.amountCents === cents)).toHaveLength(1);
    expect((await subscriptionOf(c.id)).planId).toBe('professional');
  });

  it('without an expected amount the upgrade charges what the preview gives at the same moment', async () => {
    const c = await paidCustomer('starter');
    clock.advanceDays(3);
    const quote = (await preview(c, 'enterprise')).json();
    const up = await t.post(c, '/api/customer/upgrade-plan', { planId: 'enterprise' });
    expect(up.statusCode).toBe(200);
    expect(up.json().chargedAmount).toBe(quote.amountDueToday);
  });

  it('refuses an amount that no longer holds, and one lower than today’s, charging nothing', async () => {
    const c = await paidCustomer('starter');
    clock.advanceDays(2);
    const quote = (await preview(c, 'professional')).json();
    clock.advanceDays(5); // the quote is stale: less of the period is left
    const stale = await t.post(c, '/api/customer/upgrade-plan', {
      planId: 'professional',
      expectedAmount: quote.amountDueToday,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorType: 'amount_changed' });
    const fresh = (await preview(c, 'professional')).json();
    expect(stale.json().message).toContain(`$${fresh.amountDueToday.toFixed(2)}`);
    const cheaper = await t.post(c, '/api/customer/upgrade-plan', {
      planId: 'professional',
      expectedAmount: fresh.amountDueToday - 1,
    });
    expect(cheaper.statusCode).toBe(409);
    expect(await succeededPayments(c.id)).toHaveLength(1);
    expect((await billingInfo(t, c)).currentPlan.id).toBe('starter');
  });

  it('during a trial says nothing is charged today', async () => {
    const c = await signUp(t, { planId: 'starter' });
    const quote = (await preview(c, 'professional')).json();
    expect(quote).toMatchObject({ kind: 'upgrade', amountDueToday: 0, trialing: true, newMonthlyPrice: 189 });
    const up = await t.post(c, '/api/customer/upgrade-plan', { planId: 'professional', expectedAmount: 0 });
    expect(up.json()).toMatchObject({ chargedAmount: 0, planId: 'professional' });
  });

  it('a downgrade preview says what is scheduled and when, and charges nothing', async () => {
    const c = await paidCustomer('enterprise');
    const res = await preview(c, 'starter');
    expect(res.statusCode).toBe(200);
    const info = await billingInfo(t, c);
    expect(res.json()).toMatchObject({
      kind: 'downgrade',
      planName: 'Starter',
      newMonthlyPrice: 120,
      amountDueToday: 0,
      effectiveAt: info.currentPeriodEnd,
      paymentMethod: null,
    });
    expect(res.json().message).toMatch(/^Nothing is charged today\. Your plan changes to Starter on /);
    expect(info.scheduledPlan).toBeNull();
  });

  it('refuses with the change’s own 4xx: same plan, unknown plan, after a cancellation', async () => {
    const c = await paidCustomer('professional');
    expect((await preview(c, 'professional')).statusCode).toBe(400);
    expect((await preview(c, 'nope')).statusCode).toBe(400);
    expect((await t.post(c, '/api/customer/preview-plan-change', {})).statusCode).toBe(400);
    expect(
      (await t.post(c, '/api/customer/preview-plan-change', { planId: 'enterprise', email: 'x@y.test' }))
        .statusCode,
    ).toBe(403);
    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    const refused = await preview(c, 'enterprise');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Your subscription is cancelled and ends on .*Resume it/);
  });
});

describe('resuming a cancelled subscription', () => {
  it('takes the cancellation back: renews again, one audit row', async () => {
    const c = await paidCustomer('starter');
    clock.advanceDays(4);
    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    expect(await billingInfo(t, c)).toMatchObject({ nextBillingDate: null, status: 'cancelled' });

    const res = await t.post(c, '/api/customer/resume-subscription', { email: c.email });
    expect(res.statusCode).toBe(200);
    const info = await billingInfo(t, c);
    expect(res.json()).toMatchObject({ success: true, renewsAt: info.currentPeriodEnd });
    expect(res.json().message).toMatch(/^Your subscription is no longer cancelled\. It renews on /);
    expect(info).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      subscriptionStatus: 'active',
      nextBillingDate: info.currentPeriodEnd,
      nextBillingAmount: 120,
    });
    const sub = await subscriptionOf(c.id);
    expect(sub.canceledAt).toBeNull();
    expect(await resumeAudits(sub.id)).toHaveLength(1);
    // Plans can change again.
    expect((await preview(c, 'professional')).statusCode).toBe(200);
  });

  it('twice at once: one change, one audit row, the other refused', async () => {
    const c = await paidCustomer('professional');
    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    const answers = await Promise.all(
      [0, 1, 2].map(() => t.post(c, '/api/customer/resume-subscription', {})),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe(RESUME_NOT_CANCELLED);
    const sub = await subscriptionOf(c.id);
    expect(sub.cancelAtPeriodEnd).toBe(false);
    expect(await resumeAudits(sub.id)).toHaveLength(1);
  });

  it('is refused when nothing is cancelled, and after the period ended', async () => {
    const c = await paidCustomer('starter');
    const never = await t.post(c, '/api/customer/resume-subscription', {});
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toBe(RESUME_NOT_CANCELLED);

    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    const end = new Date((await billingInfo(t, c)).currentPeriodEnd);
    clock.set(new Date(end.getTime() + 60_000)); // the job has not ended it yet
    const late = await t.post(c, '/api/customer/resume-subscription', {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^Your subscription ended on .*Subscribe again from checkout\.$/);
    expect((await subscriptionOf(c.id)).cancelAtPeriodEnd).toBe(true);

    await import('../../../jobs/billing-runner').then((m) => m.runDueBilling(t.app.services.billing));
    const ended = await t.post(c, '/api/customer/resume-subscription', {});
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('Your subscription has ended. Subscribe again from checkout.');
    expect(await resumeAudits((await subscriptionOf(c.id)).id)).toHaveLength(0);
  });

  it('a trial cancelled and resumed keeps its trial', async () => {
    const c = await signUp(t, { planId: 'starter' });
    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    const res = await t.post(c, '/api/customer/resume-subscription', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/Your trial continues until /);
    expect(await billingInfo(t, c)).toMatchObject({
      subscriptionStatus: 'trialing',
      cancelAtPeriodEnd: false,
    });
  });

  it('needs the fleet admin: another email is refused', async () => {
    const c = await paidCustomer('starter');
    const res = await t.post(c, '/api/customer/resume-subscription', { email: 'someone@else.test' });
    expect(res.statusCode).toBe(403);
  });
});
