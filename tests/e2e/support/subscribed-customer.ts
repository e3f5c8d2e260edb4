import { expect, type Page } from '@playwright/test';
import { createCustomer, signInPageAsCustomer, type NewCustomer } from './api';

/** The sandbox's always-approved test card. */
export const CARD_OK = '4242424242424242';

/**
 * A customer on `planId` who has already paid: signed up through `POST /api/customers`, then signed in, then checked out
 * through the API (`POST /api/create-subscription`, then `POST /api/payments/sandbox/confirm` with 4242),
 * so the subscription is active with one paid invoice and one card. The page's browser is signed in.
 */
export async function activeCustomerInBrowser(page: Page, planId: string): Promise<NewCustomer> {
  const customer = await createCustomer({ planId }, page.request);
  // Only the customer's own session may pay (or a payment link the product issued).
  await signInPageAsCustomer(page, customer.email, customer.password);
  const start = await page.request.post('/api/create-subscription', { data: { customerId: customer.id } });
  expect(start.status(), `create-subscription: ${await start.text()}`).toBe(200);
  const { clientSecret } = (await start.json()) as { clientSecret: string };
  const confirm = await page.request.post('/api/payments/sandbox/confirm', {
    data: {
      clientSecret,
      card: { number: CARD_OK, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
    },
  });
  expect(confirm.status(), `sandbox confirm: ${await confirm.text()}`).toBe(200);
  return customer;
}
