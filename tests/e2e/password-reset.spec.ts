import { expect, test } from '@playwright/test';
import { createCustomer, uniqueEmail } from './support/api';
import { linkIn, mailFor, waitForMail } from './support/mail';

/**
 * Issue 14 "Forgot password?": a customer who forgot their password asks for a link on the sign-in
 * page, chooses a new password from the link in the email, and signs in with it. The link works once.
 */

const NEW_PASSWORD = 'Reset#Journey-2026';

test('a customer who forgot their password resets it from the link in the email and signs in', async ({
  page,
  baseURL,
}) => {
  const customer = await createCustomer({}, page.request);
  await page.context().clearCookies();

  await page.goto('/customer-login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText(/If an account uses this email address/)).toBeVisible();

  const mail = await waitForMail(customer.email, 'Reset your Motorpool password');
  const link = linkIn(mail, `${baseURL}/reset-password?token=`);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  // The password rules, from the shared schema, under the field.
  await page.getByLabel('New password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await waitForMail(customer.email, 'Your Motorpool password was changed');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/customer-login/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Again#Journey-2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Again#Journey-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/invalid, already used or expired/)).toBeVisible();
});

test('staff ask from /admin-login; an address without an account gets the same answer and no email', async ({
  page,
}) => {
  const nobody = uniqueEmail('nobody');
  await page.goto('/admin-login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?kind=staff/);
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText(/If an account uses this email address/)).toBeVisible();
  await page.waitForTimeout(2_500);
  expect(await mailFor(nobody)).toEqual([]);
});
