// POST /api/webhooks/stripe with the app on Stripe (pointed at a local Stripe-speaking server) and
// events signed exactly the way Stripe signs them.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { stripeEnv, type FakeStripe } from '../../../../tests/fakes/stripe-server';
import { stripeTestKit, useFakeStripe } from '../../../../tests/setup/fake-stripe';
import { customers, paymentMethods, payments, subscriptions, webhookEvents } from '../../db/schema';

const WEBHOOK_SECRET = 'whsec_test';

let fake: FakeStripe;
let t: TestApp;
useFakeStripe((started) => (fake = started));
useTestApp(
  () => ({ env: stripeEnv(fake) }),
  (opened) => ({ t } = opened),
);

const { sign, deliver, paidCheckout } = stripeTestKit(
  () => t,
  () => fake,
  WEBHOOK_SECRET,
);

async function billingInfo(email: string, password: string) {
  const { cookie } = await t.customerSession(email, password);
  const res = await t.get(cookie, '/api/customer/billing-info');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const paymentsOf = (customerId: string) =>
  t.database.db.select().from(payments).where(eq(payments.customerId, customerId));
const subscriptionOf = async (customerId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)))[0]!;
const eventRow = async (id: string) =>
  (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0];

describe('the page with Stripe as the provider', () => {
  it('lets Stripe.js, its frames and its API through the Content-Security-Policy, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com .*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(csp).not.toContain("unsafe-inline' https://js.stripe.com");
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('refuses a bad, missing or stale signature with 400 and changes nothing', async () => {
    const { customerId, intent } = await paidCheckout();
    const payload = fake.event('payment_intent.succeeded', intent);
    const eventId: string = JSON.parse(payload).id;

    const attempts = [
      await deliver(payload, sign(payload, 'whsec_someone_else')),
      await deliver(payload, null),
      await deliver(payload, 'garbage'),
      // Signed for one body, delivered with another.
      await deliver(payload.replace('"livemode": false', '"livemode": true'), sign(payload)),
      // A replay of a delivery signed an hour ago.
      await deliver(
        payload,
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
      ),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid webhook signature' });
    }
    expect((await subscriptionOf(customerId)).status).toBe('trialing');
    expect(await paymentsOf(customerId)).toHaveLength(0);
    expect(await eventRow(eventId)).toBeUndefined();
  });

  it('activates the subscription on a signed payment_intent.succeeded for a checkout', async () => {
    const { input, customerId, intent } = await paidCheckout();
    const payload = fake.event('payment_intent.succeeded', intent);
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    const info = await billingInfo(input.email, input.password);
    expect(info.subscriptionStatus).toBe('active');
    expect(info.invoices).toHaveLength(1);
    expect(info.invoices[0]).toMatchObject({ status: 'paid', amount: intent.amount / 100 });
    expect(info.paymentMethods).toEqual([
      expect.objectContaining({ isDefault: true, brand: 'visa', last4: '4242' }),
    ]);
    const recorded = await paymentsOf(customerId);
    expect(recorded).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        provider: 'stripe',
        providerRef: intent.latest_charge,
        amountCents: intent.amount,
      }),
    ]);
    expect(await eventRow(JSON.parse(payload).id)).toMatchObject({
      provider: 'stripe',
      type: 'payment_intent.succeeded',
    });
  });

  it('records one payment when the same event arrives twice, or the browser reported it first', async () => {
    const { input, customerId, intentId, intent } = await paidCheckout();
    const browser = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      payload: { paymentIntentId: intentId },
    });
    expect(browser.statusCode).toBe(200);

    const payload = fake.event('payment_intent.succeeded', intent);
    const first = await deliver(payload);
    expect(first.json()).toEqual({ received: true });
    const again = await deliver(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    // Stripe can also send a second event (a new id) about the same intent.
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).json()).toEqual({
      received: true,
    });

    expect(await paymentsOf(customerId)).toHaveLength(1);
    expect((await billingInfo(input.email, input.password)).invoices).toHaveLength(1);
  });

  it('records a declined checkout as a failed payment and leaves the subscription unpaid', async () => {
    const { customerId, intent } = await paidCheckout('pm_card_chargeDeclined');
    expect(intent.status).toBe('requires_payment_method');
    const payload = fake.event('payment_intent.payment_failed', intent);
    expect((await deliver(payload)).json()).toEqual({ received: true });
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
    const recorded = await paymentsOf(customerId);
    expect(recorded).toEqual([
      expect.objectContaining({ status: 'failed', failureMessage: 'Your card was declined.' }),
    ]);
    expect((await subscriptionOf(customerId)).status).toBe('trialing');
  });

  it('acknowledges other events, and payments that are not checkouts, without acting on them', async () => {
    const other = await deliver(
      fake.event('customer.created', { id: 'cus_x', object: 'customer', metadata: {} }),
    );
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true });

    // A renewal: an off-session charge (also a PaymentIntent at Stripe) for a customer who paid checkout.
    const { customerId, intentId } = await paidCheckout();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/checkout/complete',
          payload: { paymentIntentId: intentId },
        })
      ).statusCode,
    ).toBe(200);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, customerId));
    const [card] = await t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, customerId));
    const renewal = await t.app.services.billing.provider.charge({
      customerRef: customer!.providerCustomerRef!,
      paymentMethodRef: card!.providerRef,
      amountCents: 4900,
      description: 'Renewal',
      idempotencyKey: `renewal:${customerId}`,
      metadata: { customerId, subscriptionId: 'sub' },
    });
    if (renewal.status !== 'succeeded') throw new Error('renewal charge failed');
    const renewalIntent = fake.paymentIntent(fake.charge(renewal.ref)!.payment_intent)!;
    expect(renewalIntent.metadata.customerId).toBe(customerId);
    expect((await deliver(fake.event('payment_intent.succeeded', renewalIntent))).json()).toEqual({
      received: true,
    });
    expect(await paymentsOf(customerId)).toHaveLength(1); // only the checkout's
  });

  it('is declared public (its authentication is the signature); the access snapshot runs on the sandbox', () => {
    expect(t.app.accessTable).toContainEqual({
      method: 'POST',
      url: '/api/webhooks/stripe',
      access: { public: true },
    });
  });

  it('keeps JSON parsing as usual for every other route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { customerId: 'not-a-uuid' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing customer information');
  });
});

describe('POST /api/webhooks/stripe without a webhook secret', () => {
  it('answers 503 and changes nothing', async () => {
    const unconfigured = await createTestApp(stripeEnv(fake, null));
    try {
      const payload = fake.event('payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
        metadata: {},
      });
      const res = await deliver(payload, sign(payload), unconfigured.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Stripe webhooks are not configured' });
      expect(await unconfigured.database.db.select().from(webhookEvents)).toHaveLength(0);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('the sandbox provider', () => {
  it('has no Stripe webhook route', async () => {
    const sandbox = await createTestApp();
    try {
      const payload = fake.event('payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
        metadata: {},
      });
      expect((await deliver(payload, sign(payload), sandbox.app)).statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
