import { expect, test, type Page } from '@playwright/test';
import { createCustomer, signInPageAsCustomer } from './support/api';

/** The portal's Change Password dialog and the /change-password screen (docs/customer-portal.md). */

const NEW_PASSWORD = 'Changed#2026pass';

async function signInThroughTheForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/customer-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard/);
}

test('change the password in the dialog, sign out and sign in with the new one', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  await signInThroughTheForm(page, customer.email, customer.password);

  await page.getByRole('button', { name: 'Change Password' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  const update = dialog.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();

  await dialog.getByLabel('Current password', { exact: true }).fill('Not#TheRight1');
  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await expect(dialog.getByRole('list', { name: 'Password requirements' })).toContainText(
    'At least 8 characters (not met)',
  );
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
  await expect(dialog.getByText('New passwords do not match.')).toBeVisible();
  await expect(update).toBeDisabled();
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await expect(dialog.getByText('Passwords match')).toBeVisible();

  // A wrong current password is named under its field.
  await update.click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Current password', { exact: true }).fill(customer.password);
  await update.click();
  await expect(page.getByText('Password Updated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const stored = await page.evaluate(() => localStorage.getItem('customerData'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ isPasswordSet: true });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer-login/);
  await signInThroughTheForm(page, customer.email, NEW_PASSWORD);
});

test('the change-password screen rates the password, checks the match and goes to the portal', async ({
  page,
}) => {
  const customer = await createCustomer({}, page.request);
  await signInThroughTheForm(page, customer.email, customer.password);
  await page.goto('/change-password');

  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();

  const strength = page.getByTestId('password-strength');
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await expect(strength).toHaveText('Weak');
  await page.getByLabel('New password', { exact: true }).fill('abcdefgh1');
  await expect(strength).toHaveText('Medium');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await expect(strength).toHaveText('Strong');

  await page.getByLabel('Current (temporary) password').fill(customer.password);
  await page.getByLabel('Confirm new password', { exact: true }).fill('Something#Else1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully! Redirecting to dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  const relogin = await page.request.post('/api/auth/dealer-login', {
    data: { email: customer.email, password: NEW_PASSWORD },
  });
  expect(relogin.status()).toBe(200);
});

test('a wrong temporary password shows the failure message', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  await signInThroughTheForm(page, customer.email, customer.password);
  await page.goto('/change-password');
  await page.getByLabel('Current (temporary) password').fill('Wrong#Password1');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('Failed to change password. Please check your current password and try again.'),
  ).toBeVisible();
});

test('without a stored sign-in the change-password screen sends to the customer login', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/customer-login/);
});
