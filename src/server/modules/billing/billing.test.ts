import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  CARDS,
  addCard,
  billingInfo,
  checkout,
  confirmCard,
  signUp,
  startCheckout,
} from '../../../../tests/setup/customers';
import { manualClock } from '../../clock';
import { invoices, notifications, payments, subscriptions, vehicles, activities } from '../../db/schema';

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
useTestApp({ clock }, (opened) => ({ t } = opened));

const day = 86_400_000;

async function paymentsOf(customerId: string) {
  return t.database.db.select().from(payments).where(eq(payments.customerId, customerId));
}

/** The staff notifications of the customer's failed payments. */
async function failureNotices(customerId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), eq(notifications.type, 'payment_failed')));
}

describe('checkout', () => {
  it('a trial customer pays with 4242: active, card on file, a paid invoice and a payment', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const res = await checkout(t, c, CARDS.visa);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', email: c.email });
    const info = await billingInfo(t, c);
    expect(info).toMatchObject({
      subscriptionStatus: 'active',
      status: 'active',
      currentPlan: { id: 'professional', price: 189 },
    });
    expect(info.paymentMethods).toHaveLength(1);
    expect(info.paymentMethods[0]).toMatchObject({
      isDefault: true,
      last4: '4242',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(info.invoices).toHaveLength(1);
    expect(info.invoices[0]).toMatchObject({ status: 'paid', amount: 189, currency: 'USD' });
    expect(info.invoices[0].number).toMatch(/^MP-\d{6}$/);
    expect(new Date(info.nextBillingDate).getTime()).toBeGreaterThan(clock.now().getTime() + 27 * day);
    const paid = await paymentsOf(c.id);
    expect(paid.map((p) => [p.status, p.amountCents])).toEqual([['succeeded', 18_900]]);
  });

  it('a declined card shows the provider message, records a failed payment and changes nothing else', async () => {
    const c = await signUp(t);
    const res = await checkout(t, c, CARDS.declined);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    const info = await billingInfo(t, c);
    expect(info.subscriptionStatus).toBe('trialing');
    expect(info.paymentMethods).toHaveLength(0);
    expect(info.invoices).toHaveLength(0);
    expect((await paymentsOf(c.id)).map((p) => [p.status, p.failureMessage])).toEqual([
      ['failed', 'Your card was declined.'],
    ]);
    const staff = await failureNotices(c.id);
    expect(staff).toHaveLength(1);
  });

  it('insufficient funds has its own message; then a good card on the same checkout succeeds', async () => {
    const c = await signUp(t);
    const bad = await checkout(t, c, CARDS.insufficient);
    expect(bad.json().message).toBe('Your card has insufficient funds.');
    const good = await checkout(t, c, CARDS.visa);
    expect(good.statusCode).toBe(200);
    expect((await billingInfo(t, c)).subscriptionStatus).toBe('active');
  });

  it('refuses invalid card details with field messages', async () => {
    const c = await signUp(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: {
        clientSecret: await startCheckout(t, c),
        card: { number: '4242 4242 4242 4241', expMonth: 1, expYear: 2020, cvc: '1' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      number: 'Your card number is invalid.',
      expYear: 'Your card has expired.',
    });
  });

  it('a double submit of the same payment charges once', async () => {
    const c = await signUp(t);
    const secret = await startCheckout(t, c);
    expect(await startCheckout(t, c)).toBe(secret);
    const results = await Promise.all([
      confirmCard(t, secret, CARDS.visa),
      confirmCard(t, secret, CARDS.visa),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const succeeded = (await paymentsOf(c.id)).filter((p) => p.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    expect((await billingInfo(t, c)).invoices).toHaveLength(1);
  });

  it('starts payment only for a subscription that needs one, and reveals nothing else', async () => {
    const c = await signUp(t);
    await checkout(t, c, CARDS.visa);
    const active = await t.post(c, '/api/create-subscription', { customerId: c.id });
    expect(active.statusCode).toBe(409);
    expect(active.json()).toEqual({ message: 'This subscription is already active.' });
    // Anyone else, for any customer id (real or not, paid or not), gets the same refusal.
    for (const customerId of [c.id, '00000000-0000-4000-8000-000000000000']) {
      const stranger = await t.app.inject({
        method: 'POST',
        url: '/api/create-subscription',
        payload: { customerId },
      });
      expect(stranger.statusCode).toBe(401);
      expect(stranger.json()).toEqual({ message: 'Please sign in to pay for this subscription.' });
    }
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { customerId: 'not-a-uuid' },
    });
    expect(junk.statusCode).toBe(400);
    const fresh = await signUp(t);
    const ok = await t.post(fresh, '/api/create-subscription', { customerId: fresh.id });
    // The card form's needs and the payment's own terms (issue 9: the page shows them before paying).
    expect(Object.keys(ok.json()).sort()).toEqual(['clientSecret', 'payment', 'terms']);
    expect(Object.keys(ok.json().terms).sort()).toEqual([
      'dueToday',
      'monthlyPrice',
      'periodEnd',
      'planId',
      'planName',
      'trialDaysKept',
      'trialEndsAt',
    ]);
  });
});

describe('plan changes', () => {
  it('an upgrade applies at once and charges the prorated difference', async () => {
    const c = await signUp(t, { planId: 'starter' });
    await checkout(t, c, CARDS.visa); // period starts now: a full period remains
    clock.advanceDays(15);
    const info = await billingInfo(t, c);
    const periodMs = new Date(info.currentPeriodEnd).getTime() - (clock.now().getTime() - 15 * day);
    const expected = Math.round(
      ((18_900 - 12_000) * (new Date(info.currentPeriodEnd).getTime() - clock.now().getTime())) / periodMs,
    );
    const res = await t.post(c, '/api/customer/upgrade-plan', { planId: 'professional', email: c.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ planId: 'professional', chargedAmount: expected / 100 });
    const after = await billingInfo(t, c);
    expect(after.currentPlan).toMatchObject({ id: 'professional', price: 189 });
    expect(after.invoices[0]).toMatchObject({ amount: expected / 100, status: 'paid' });
    const profile = await t.get(c, `/api/customer/profile/${c.email}`);
    expect(profile.json()).toMatchObject({ planId: 'professional', carLimit: 15, userLimit: 5 });
    // double submit: nothing more is charged
    const again = await t.post(c, '/api/customer/upgrade-plan', { planId: 'professional' });
    expect(again.statusCode).toBe(400);
    expect((await paymentsOf(c.id)).filter((p) => p.status === 'succeeded')).toHaveLength(2);
  });

  it('an upgrade during the trial charges nothing', async () => {
    const c = await signUp(t, { planId: 'starter' });
    const res = await t.post(c, '/api/customer/upgrade-plan', { planId: 'enterprise' });
    expect(res.json()).toMatchObject({ chargedAmount: 0, planId: 'enterprise' });
    expect(await paymentsOf(c.id)).toHaveLength(0);
  });

  it('an upgrade with a declining card fails with its message and keeps the plan', async () => {
    const c = await signUp(t, { planId: 'starter' });
    await checkout(t, c, CARDS.visa);
    await addCard(t, c, CARDS.declinesLater, true);
    clock.advanceDays(1);
    const res = await t.post(c, '/api/customer/upgrade-plan', { planId: 'professional' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect((await billingInfo(t, c)).currentPlan.id).toBe('starter');
  });

  it('a downgrade is scheduled for the period end', async () => {
    const c = await signUp(t, { planId: 'enterprise' });
    await checkout(t, c, CARDS.visa);
    const res = await t.post(c, '/api/customer/downgrade-plan', { planId: 'starter' });
    expect(res.statusCode).toBe(200);
    const info = await billingInfo(t, c);
    expect(info.currentPlan.id).toBe('enterprise');
    expect(info.scheduledPlan).toMatchObject({ id: 'starter', price: 120 });
    expect(res.json().effectiveAt).toBe(info.currentPeriodEnd);
    expect(info.nextBillingAmount).toBe(120);
  });

  it('a downgrade is refused when the fleet does not fit the cheaper plan', async () => {
    const c = await signUp(t, { planId: 'professional' });
    await t.database.db.insert(vehicles).values(
      Array.from({ length: 6 }, (_, i) => ({
        customerId: c.id,
        make: 'Ford',
        model: 'Transit',
        year: 2022,
        vin: `1FTBR1C8XMKA0000${i}`,
        licensePlate: `FLEET-${i}`,
      })),
    );
    const res = await t.post(c, '/api/customer/downgrade-plan', { planId: 'starter' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Your fleet has 6 vehicles but the Starter plan allows 5. Retire or remove 1 vehicle before downgrading.',
    );
    expect((await billingInfo(t, c)).scheduledPlan).toBeNull();
    await t.database.db
      .update(vehicles)
      .set({ status: 'retired' })
      .where(and(eq(vehicles.customerId, c.id), eq(vehicles.licensePlate, 'FLEET-0')));
    const ok = await t.post(c, '/api/customer/downgrade-plan', { planId: 'starter' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses changes that are not what they say', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const up = await t.post(c, '/api/customer/upgrade-plan', { planId: 'starter' });
    expect(up.statusCode).toBe(400);
    const down = await t.post(c, '/api/customer/downgrade-plan', { planId: 'enterprise' });
    expect(down.statusCode).toBe(400);
    const unknown = await t.post(c, '/api/customer/upgrade-plan', { planId: 'nope' });
    expect(unknown.statusCode).toBe(400);
  });

  it('cancellation keeps access to the period end, then ends it', async () => {
    const c = await signUp(t, { planId: 'starter' });
    await checkout(t, c, CARDS.visa);
    const res = await t.post(c, '/api/customer/cancel-subscription', { email: c.email });
    expect(res.statusCode).toBe(200);
    const info = await billingInfo(t, c);
    expect(info).toMatchObject({
      status: 'cancelled',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      nextBillingDate: null,
    });
    expect(res.json().endsAt).toBe(info.currentPeriodEnd);
    const twice = await t.post(c, '/api/customer/cancel-subscription', {});
    expect(twice.statusCode).toBe(409);
  });
});

describe('the billing job', () => {
  const run = () => import('../../jobs/billing-runner').then((m) => m.runDueBilling(t.app.services.billing));
  const subOf = async (customerId: string) =>
    (await t.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)))[0]!;

  it('at trial end: no card makes the customer pending; a card is charged for the first month', async () => {
    const noCard = await signUp(t, { planId: 'starter' });
    const withCard = await signUp(t, { planId: 'starter' });
    await addCard(t, withCard, CARDS.visa);
    clock.advanceDays(14.01);
    await run();
    expect(await billingInfo(t, noCard)).toMatchObject({ subscriptionStatus: 'pending', status: 'pending' });
    const info = await billingInfo(t, withCard);
    expect(info).toMatchObject({ subscriptionStatus: 'active', status: 'active' });
    expect(info.invoices[0]).toMatchObject({ status: 'paid', amount: 120 });
  });

  it('renews monthly, applies a scheduled downgrade, and ends a cancelled subscription', async () => {
    const down = await signUp(t, { planId: 'professional' });
    await checkout(t, down, CARDS.visa);
    await t.post(down, '/api/customer/downgrade-plan', { planId: 'starter' });
    const gone = await signUp(t, { planId: 'starter' });
    await checkout(t, gone, CARDS.visa);
    await t.post(gone, '/api/customer/cancel-subscription', {});
    // Checkout during the trial keeps its 14 days: the first period ends a month after the trial.
    clock.advanceDays(14 + 32);
    await run();
    const info = await billingInfo(t, down);
    expect(info.currentPlan).toMatchObject({ id: 'starter', price: 120 });
    expect(info.invoices.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([
      [120, 'paid'],
      [189, 'paid'],
    ]);
    expect(await billingInfo(t, gone)).toMatchObject({ subscriptionStatus: 'canceled', status: 'cancelled' });
  });

  it('a failed renewal is retried on day 3 and day 7, then the customer becomes pending', async () => {
    const c = await signUp(t, { planId: 'starter' });
    await checkout(t, c, CARDS.visa);
    await addCard(t, c, CARDS.declinesLater, true);
    const due = (await subOf(c.id)).currentPeriodEnd;
    clock.set(new Date(due.getTime() + 60_000));
    await run();
    let sub = await subOf(c.id);
    expect(sub).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(sub.nextActionAt?.toISOString()).toBe(new Date(due.getTime() + 3 * day).toISOString());
    clock.set(new Date(due.getTime() + 3 * day + 60_000));
    await run();
    sub = await subOf(c.id);
    expect(sub).toMatchObject({ status: 'past_due', failedAttempts: 2 });
    expect(sub.nextActionAt?.toISOString()).toBe(new Date(due.getTime() + 7 * day).toISOString());
    clock.set(new Date(due.getTime() + 7 * day + 60_000));
    await run();
    expect(await subOf(c.id)).toMatchObject({ status: 'pending', failedAttempts: 3, nextActionAt: null });
    const failed = (await paymentsOf(c.id)).filter((p) => p.status === 'failed');
    expect(failed).toHaveLength(3);
    const open = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.customerId, c.id), eq(invoices.status, 'open')));
    expect(open).toHaveLength(1); // one invoice for the period, however many attempts
    const staff = await failureNotices(c.id);
    expect(staff).toHaveLength(3);
    const feed = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.customerId, c.id), eq(activities.action, 'payment_failed')));
    expect(feed).toHaveLength(3);
  });

  it('two workers running at the same time charge each subscription exactly once', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => signUp(t, { planId: 'starter' })));
    for (const c of customers) await checkout(t, c, CARDS.visa);
    clock.advanceDays(14 + 31); // the trial's days, kept by checkout, then the month
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.processed + b.processed).toBeGreaterThanOrEqual(customers.length);
    for (const c of customers) {
      const renewals = (await paymentsOf(c.id)).filter(
        (p) => p.idempotencyKey.startsWith('renewal:') && p.status === 'succeeded',
      );
      expect(renewals).toHaveLength(1);
    }
    // and the processor itself saw exactly one renewal charge per subscription
    const charges = await t.database.db.execute(
      sql`select idempotency_key from sandbox_charges where idempotency_key like 'renewal:%'`,
    );
    const keys = (charges as unknown as { rows: { idempotency_key: string }[] }).rows.map(
      (r) => r.idempotency_key,
    );
    for (const c of customers) {
      const sub = await subOf(c.id);
      expect(keys.filter((k) => k.startsWith(`renewal:${sub.id}:`))).toHaveLength(1);
    }
  });
});
