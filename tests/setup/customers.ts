// Factories for API tests that need a signed-up customer, cards and checkouts.
import type { TestApp } from './test-app';
import { registration } from './test-app';

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  /** Verified and saved, then declined when charged (renewal failures). */
  declinesLater: '4000 0000 0000 0341',
} as const;

export type TestCustomer = { id: string; email: string; password: string; cookie: string; token: string };

export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}): Promise<TestCustomer> {
  const input = registration(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/customers', payload: input });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const session = await t.customerSession(input.email, input.password);
  return { id: res.json().customer.id, email: input.email, password: input.password, ...session };
}

export async function addCard(t: TestApp, customer: TestCustomer, number: string, setAsDefault = true) {
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/payment-methods',
    headers: { cookie: customer.cookie },
    payload: { card: { number, expMonth: 12, expYear: 2034, cvc: '123' } },
  });
  if (token.statusCode !== 200) throw new Error(`tokenise failed: ${token.statusCode} ${token.body}`);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/customer/add-payment-method',
    headers: { cookie: customer.cookie },
    payload: { paymentMethodId: token.json().id, setAsDefault },
  });
  if (added.statusCode !== 200) throw new Error(`add card failed: ${added.statusCode} ${added.body}`);
  return token.json().id as string;
}

/** The sandbox card form's "pay": confirms a checkout's client secret with a card. */
export function confirmCard(t: TestApp, clientSecret: string, number: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { clientSecret, card: { number, expMonth: 12, expYear: 2034, cvc: '123' } },
  });
}

/** Starts the customer's own checkout with their session; answers the client secret. */
export async function startCheckout(t: TestApp, customer: TestCustomer): Promise<string> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/create-subscription',
    headers: { cookie: customer.cookie },
    payload: { customerId: customer.id },
  });
  if (start.statusCode !== 200)
    throw new Error(`create-subscription failed: ${start.statusCode} ${start.body}`);
  return start.json().clientSecret as string;
}

/** Checkout as the browser does it with the sandbox card form. */
export async function checkout(t: TestApp, customer: TestCustomer, number: string) {
  return confirmCard(t, await startCheckout(t, customer), number);
}

export async function billingInfo(t: TestApp, customer: TestCustomer) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/customer/billing-info',
    headers: { cookie: customer.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`billing-info failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
