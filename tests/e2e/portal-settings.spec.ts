import { expect, test } from '@playwright/test';
import { createCustomer, signInPageAsCustomer } from './support/api';

/** The portal's Settings tab: saving states and toasts (docs/customer-portal.md). */

test('a changed setting is auto-saved and still there after a reload', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);

  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('To update your profile information, please contact support.')).toBeVisible();
  await expect(page.getByText(customer.companyName, { exact: true }).last()).toBeVisible();

  // Issue 24: each switch says what it stops, no switch controls nothing, and nothing is "coming soon".
  await expect(page.getByRole('switch', { name: 'Marketing emails' })).toHaveCount(0);
  await expect(page.getByTestId('settings-group-note')).toContainText(
    'Always sent, whatever these switches say',
  );
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  const accountEmails = page.getByRole('switch', { name: 'Account emails' });
  await expect(accountEmails).toHaveAttribute('aria-checked', 'true');
  await accountEmails.click();
  await page.getByRole('combobox', { name: 'Distance unit' }).click();
  await page.getByRole('option', { name: 'Kilometers' }).click();
  await expect(page.getByTestId('settings-sync-status')).toHaveText('Unsaved changes');

  await expect(page.getByText('Auto-saved', { exact: true })).toBeVisible();
  await expect(page.getByTestId('settings-sync-status')).toContainText('Saved');

  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Account emails' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('combobox', { name: 'Distance unit' })).toHaveText('Kilometers');
});

test('Save Changes saves at once and says it synced', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await page.goto('/customer-dashboard?tab=settings');
  await page.getByRole('tab', { name: 'Settings' }).click();

  await page.getByRole('switch', { name: 'Security alerts' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings Saved & Synced', { exact: true })).toBeVisible();

  const res = await page.request.get(`/api/customer/settings/${encodeURIComponent(customer.email)}`);
  expect(((await res.json()) as { settings: { securityAlerts: boolean } }).settings.securityAlerts).toBe(
    false,
  );
});

test('Delete Account refuses a wrong password, then deletes with the right one', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Enter your password to confirm').fill('Wrong#Password1');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Enter your password to confirm').fill(customer.password);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const login = await page.request.post('/api/auth/dealer-login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(login.ok()).toBe(false);
});
