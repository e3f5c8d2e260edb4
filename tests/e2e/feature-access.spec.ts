import { expect, test } from '@playwright/test';
import { createCustomer, signInPageAsCustomer, signInPageAsStaff } from './support/api';

/** Customer feature access switches (docs/feature-access.md): staff turn one off, the fleet app locks it. */

const LOCKED = 'Maintenance scheduling is not included in your account. Contact your administrator.';
const UNAVAILABLE = 'Not part of Motorpool yet: this switch has no effect';

test('staff turn maintenance scheduling off; the fleet app locks its tab and the switches with nothing behind them cannot be changed', async ({
  page,
  browser,
}) => {
  const customer = await createCustomer({ planId: 'professional' });
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.email);
  const card = page.getByTestId('customer-card').filter({ hasText: customer.email });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: `Edit ${customer.companyName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });

  // The six switches with no capability are shown as such, disabled, their stored value kept.
  for (const name of [
    'Fuel management',
    'Route optimization',
    'Geofencing',
    'Mobile app',
    'API access',
    'Custom integrations',
  ]) {
    const box = edit.getByRole('checkbox', { name });
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(UNAVAILABLE);
  }
  await expect(edit.getByRole('checkbox', { name: 'Maintenance scheduling' })).toBeEnabled();
  await edit.getByRole('checkbox', { name: 'Maintenance scheduling' }).click();
  await edit.getByRole('button', { name: 'Update Customer' }).click();
  await expect(edit).toBeHidden();

  // The customer's fleet app: the Maintenance tab is locked with the server's own message.
  const context = await browser.newContext();
  const fleet = await context.newPage();
  await signInPageAsCustomer(fleet, customer.email, customer.password);
  await fleet.goto('/fleet-management');
  await expect(fleet.getByRole('tab', { name: 'Vehicles' })).toBeVisible();
  await expect(fleet.getByTestId('fleet-due-maintenance')).toHaveCount(0);
  await fleet.getByRole('tab', { name: /Maintenance/ }).click();
  await expect(fleet.getByTestId('feature-locked')).toContainText(LOCKED);
  // The other tabs still work.
  await fleet.getByRole('tab', { name: 'Vehicles' }).click();
  await expect(fleet.getByTestId('feature-locked')).toHaveCount(0);
  const api = await fleet.request.get('/api/fleet/maintenance');
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toBe(LOCKED);
  await context.close();
});
