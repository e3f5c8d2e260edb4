import { describe, expect, it } from 'vitest';
import { addMonths } from 'date-fns/addMonths';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../../tests/setup/test-app';
import {
  CARDS,
  billingInfo,
  confirmCard,
  signUp,
  type TestCustomer,
} from '../../../../../tests/setup/customers';
import { manualClock } from '../../../clock';
import { invoices, payments, sandboxCharges, subscriptions } from '../../../db/schema';

/**
 * "Trial days are never lost" (docs/billing.md): checkout shows the plan, its price, today's charge and
 * the trial days kept, and the payment does what the page said: one charge today, and a first period
 * that runs to one month after the trial's end.
 */

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
useTestApp({ clock }, (opened) => ({ t } = opened));

const day = 86_400_000;
const run = () => import('../../../jobs/billing-runner').then((m) => m.runDueBilling(t.app.services.billing));
const subOf = async (customerId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)))[0]!;

async function start(c: TestCustomer) {
  const res = await t.post(c, '/api/create-subscription', { customerId: c.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    clientSecret: string;
    terms: {
      planId: string;
      planName: string;
      monthlyPrice: number;
      dueToday: number;
      trialEndsAt: string | null;
      trialDaysKept: number;
      periodEnd: string;
    };
  };
}

async function chargesOf(customerId: string) {
  return (await t.database.db.select().from(payments).where(eq(payments.customerId, customerId))).filter(
    (p) => p.status === 'succeeded',
  );
}

describe('checkout terms', () => {
  it('during a trial: the month is charged today and the trial days left are added to the first period', async () => {
    const c = await signUp(t, { planId: 'professional' });
    clock.advanceDays(4);
    const trialEndsAt = (await subOf(c.id)).trialEndsAt!;
    const { clientSecret, terms } = await start(c);
    expect(terms).toEqual({
      planId: 'professional',
      planName: 'Professional',
      monthlyPrice: 189,
      dueToday: 189,
      trialEndsAt: trialEndsAt.toISOString(),
      trialDaysKept: 10,
      periodEnd: addMonths(trialEndsAt, 1).toISOString(),
    });

    expect((await confirmCard(t, clientSecret, CARDS.visa)).statusCode).toBe(200);
    const sub = await subOf(c.id);
    expect(sub).toMatchObject({ status: 'active' });
    expect(sub.currentPeriodStart.toISOString()).toBe(clock.now().toISOString());
    expect(sub.currentPeriodEnd.toISOString()).toBe(terms.periodEnd);
    expect(sub.trialEndsAt?.toISOString()).toBe(trialEndsAt.toISOString());
    const info = await billingInfo(t, c);
    expect(info.nextBillingDate).toBe(terms.periodEnd);
    expect(info.invoices).toHaveLength(1);
    expect(info.invoices[0]).toMatchObject({ status: 'paid', amount: 189 });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.customerId, c.id));
    expect(invoice!.periodEnd?.toISOString()).toBe(terms.periodEnd);
    expect((await chargesOf(c.id)).map((p) => p.amountCents)).toEqual([18_900]);
  });

  it('the kept days are not charged again: the job renews only at the end of the longer first period', async () => {
    const c = await signUp(t, { planId: 'starter' });
    const { clientSecret, terms } = await start(c);
    expect(terms.trialDaysKept).toBe(14);
    await confirmCard(t, clientSecret, CARDS.visa);
    // The trial's own end passes: nothing is due.
    clock.advanceDays(15);
    await run();
    expect((await chargesOf(c.id)).map((p) => p.amountCents)).toEqual([12_000]);
    // A month after the trial's end, the second month is charged once.
    clock.set(new Date(new Date(terms.periodEnd).getTime() + 60_000));
    await Promise.all([run(), run()]);
    expect((await chargesOf(c.id)).map((p) => p.amountCents)).toEqual([12_000, 12_000]);
  });

  it('out of a trial (pending after it ended) the month starts today and no trial days are kept', async () => {
    const c = await signUp(t, { planId: 'starter' });
    clock.advanceDays(14.01);
    await run();
    expect((await subOf(c.id)).status).toBe('pending');
    const { clientSecret, terms } = await start(c);
    expect(terms).toMatchObject({ dueToday: 120, monthlyPrice: 120, trialEndsAt: null, trialDaysKept: 0 });
    expect(terms.periodEnd).toBe(addMonths(clock.now(), 1).toISOString());
    await confirmCard(t, clientSecret, CARDS.visa);
    expect((await subOf(c.id)).currentPeriodEnd.toISOString()).toBe(terms.periodEnd);
  });

  it('a trial that ends between the preview and the payment: the month starts at the payment', async () => {
    const c = await signUp(t, { planId: 'starter' });
    clock.advanceDays(13.9);
    const { clientSecret, terms } = await start(c);
    expect(terms.trialDaysKept).toBe(1);
    clock.advanceDays(0.2); // the trial is over, the job has not run yet
    await confirmCard(t, clientSecret, CARDS.visa);
    const sub = await subOf(c.id);
    expect(sub.status).toBe('active');
    expect(sub.currentPeriodEnd.toISOString()).toBe(addMonths(clock.now(), 1).toISOString());
  });

  it('a double submit during a trial makes one charge and one period', async () => {
    const c = await signUp(t, { planId: 'starter' });
    const { clientSecret, terms } = await start(c);
    const results = await Promise.all([
      confirmCard(t, clientSecret, CARDS.visa),
      confirmCard(t, clientSecret, CARDS.visa),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await chargesOf(c.id)).toHaveLength(1);
    const sub = await subOf(c.id);
    // The processor itself charged this checkout once (its charges carry the intent's key).
    const intentRef = (await chargesOf(c.id))[0]!.idempotencyKey.replace(/^checkout:/, '');
    const processorCharges = (await t.database.db.select().from(sandboxCharges)).filter(
      (charge) => charge.idempotencyKey.startsWith(`${intentRef}:`) && charge.status === 'succeeded',
    );
    expect(processorCharges).toHaveLength(1);
    expect(sub.currentPeriodEnd.toISOString()).toBe(terms.periodEnd);
    expect(sub.currentPeriodEnd.getTime() - clock.now().getTime()).toBeGreaterThan(40 * day);
  });
});
