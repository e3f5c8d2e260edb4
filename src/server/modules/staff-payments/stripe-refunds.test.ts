// Refunds with Stripe as the provider, against the local Stripe-speaking fake: the real SDK and adapter
// run, and the fake counts the refunds Stripe would really have made.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, registration, type TestApp } from '../../../../tests/setup/test-app';
import { stripeEnv, type FakeStripe } from '../../../../tests/fakes/stripe-server';
import { useFakeStripe } from '../../../../tests/setup/fake-stripe';
import { payments } from '../../db/schema';

let fake: FakeStripe;
let t: TestApp;
let admin: string;
useFakeStripe((started) => (fake = started));
useTestApp(
  () => ({ env: stripeEnv(fake), staff: ['admin'] }),
  (opened) => ({ t, admin } = opened),
);

/** A customer who paid checkout with Stripe Elements: one completed payment whose ref is the charge. */
async function paidPayment() {
  const input = registration();
  const reg = await t.app.inject({ method: 'POST', url: '/api/customers', payload: input });
  const customerId: string = reg.json().customer.id;
  const { cookie } = await t.customerSession(input.email, input.password);
  const start = await t.post(cookie, '/api/create-subscription', { customerId });
  const intentId = fake.intentIdFromClientSecret(start.json().clientSecret);
  fake.confirmIntent(intentId, fake.createPaymentMethod('pm_card_visa'));
  const done = await t.post(cookie, '/api/checkout/complete', { paymentIntentId: intentId });
  expect(done.statusCode, done.body).toBe(200);
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.customerId, customerId));
  return payment!;
}

describe('refunds at Stripe', () => {
  it('two concurrent full refunds make one Stripe refund; partial refunds add up to the amount', async () => {
    const payment = await paidPayment();
    const before = fake.counters.refunds;
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.post(admin, `/api/admin/payments/${payment.id}/refund`, { amount: payment.amountCents / 100 }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(fake.counters.refunds - before).toBe(1);

    const second = await paidPayment();
    const half = second.amountCents / 200;
    for (const amount of [half, second.amountCents / 100 - half]) {
      const res = await t.post(admin, `/api/admin/payments/${second.id}/refund`, { amount });
      expect(res.statusCode, res.body).toBe(200);
    }
    const third = await t.post(admin, `/api/admin/payments/${second.id}/refund`, { amount: 1 });
    expect(third.statusCode).toBe(400);
    expect(fake.counters.refunds - before).toBe(3);
    expect(fake.charge(second.providerRef!)?.amount_refunded).toBe(second.amountCents);
  });
});
