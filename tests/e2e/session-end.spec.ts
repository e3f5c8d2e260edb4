import { expect, request, test } from '@playwright/test';
import { createCustomer } from './support/api';

/**
 * A customer session the server has ended while the page is open (its idle timeout, a sign-out
 * elsewhere): the browser still holds the cookie and the stored token, and only the next call finds out.
 */
test("the portal's next call after the server ended the session goes to the customer login", async ({
  page,
  baseURL,
}) => {
  const customer = await createCustomer({}, page.request);
  const signedIn = await page.request.post('/api/auth/dealer-login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(signedIn.status()).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };

  await page.goto('/customer-dashboard');
  await expect(page.getByText(`Welcome, ${customer.firstName}`)).toBeVisible();

  // Ended on the server only, from elsewhere: this browser keeps its cookie.
  const elsewhere = await request.newContext({ baseURL });
  const out = await elsewhere.post('/api/auth/customer-logout', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(out.status()).toBe(200);
  await elsewhere.dispose();

  // The Settings tab loads the settings: the first call that answers 401.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/customer-login$/);
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('customerToken'))).toBeNull();
});
