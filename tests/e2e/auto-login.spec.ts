import { expect, test } from '@playwright/test';
import { createCustomer } from './support/api';

/** Automatic login from the fleet CRM (docs/fleet-crm.md): `auth`, `email` and `tab` on the portal address. */

test('auto-login from the fleet CRM opens the billing tab and cleans the address', async ({
  page,
  browser,
}) => {
  const customer = await createCustomer({}, page.request);
  const login = await page.request.post('/api/auth/dealer-login', {
    data: { email: customer.email, password: customer.password },
  });
  const { token } = (await login.json()) as { token: string };

  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await fresh.newPage();
  await other.goto(
    `/customer-dashboard?auth=${encodeURIComponent(token)}&email=${encodeURIComponent(customer.email)}&tab=billing`,
  );
  await expect(other.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(other).toHaveURL(/\/customer-dashboard\?tab=billing$/);
  await expect(other.getByRole('tab', { name: 'Billing & Payments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await other.goto(`/customer-dashboard?auth=not-a-token&email=${encodeURIComponent(customer.email)}`);
  await expect(other).toHaveURL(/\/customer-login/);
  await fresh.close();
});
