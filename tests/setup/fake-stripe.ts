// The Stripe-speaking fake for one API test file.
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeStripe, TEST_CARDS, type FakeStripe, type TestCard } from '../fakes/stripe-server';
import { registration, type TestApp } from './test-app';

/**
 * Starts the fake before the file's tests and closes it after them. Registered before `useTestApp`,
 * it starts first and closes last, so the app never outlives its Stripe.
 */
export function useFakeStripe(started: (fake: FakeStripe) => void): void {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    started(fake);
  });
  afterAll(() => fake?.close());
}

/**
 * Stripe's side of a test file whose app runs on the fake (`app` and `fake` are read once started): events
 * signed with the endpoint's `secret` and delivered as Stripe delivers them, and a paid checkout.
 */
export function stripeTestKit(app: () => TestApp, fake: () => FakeStripe, secret: string) {
  const sign = (payload: string, withSecret = secret) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: withSecret });
  /** `signature: null` sends no Stripe-Signature header; `to` is another instance of the app. */
  const deliver = (payload: string, signature: string | null = sign(payload), to?: FastifyInstance) =>
    (to ?? app().app).inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  const paidCheckout = (card?: TestCard | string) => paidStripeCheckout(app(), fake(), card);
  return { sign, deliver, paidCheckout };
}

/**
 * A freshly registered customer who started checkout on Stripe and paid in the browser with `card` (a test
 * card's name, or a payment method the test made): the intent is confirmed on the fake, no webhook yet.
 */
async function paidStripeCheckout(t: TestApp, fake: FakeStripe, card: TestCard | string = 'pm_card_visa') {
  const input = registration();
  const reg = await t.app.inject({ method: 'POST', url: '/api/customers', payload: input });
  expect(reg.statusCode).toBe(201);
  const customerId: string = reg.json().customer.id;
  const { cookie } = await t.customerSession(input.email, input.password);
  const checkout = await t.post(cookie, '/api/create-subscription', { customerId });
  expect(checkout.statusCode).toBe(200);
  expect(checkout.json().payment).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
  const intentId = fake.intentIdFromClientSecret(checkout.json().clientSecret);
  const paymentMethod = card in TEST_CARDS ? fake.createPaymentMethod(card as TestCard) : card;
  const intent = fake.confirmIntent(intentId, paymentMethod);
  return { input, customerId, intentId, intent, paymentMethod };
}
