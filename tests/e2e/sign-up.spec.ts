import { expect, test } from '@playwright/test';
import { createCustomer, TEST_PASSWORD, uniqueEmail, uniqueSuffix } from './support/api';

const PHONE_MESSAGE = 'Please enter a valid US phone number (+1 followed by 10 digits)';

test('a visitor signs up for the Starter plan, signs in and reaches the portal', async ({ page }) => {
  const email = uniqueEmail('signup');
  const company = `Sign-up Fleet ${uniqueSuffix()}`;

  await page.goto('/');
  await expect(page).toHaveTitle(/^Motorpool/);
  const starter = page.getByTestId('plan-card-starter');
  await expect(starter).toContainText('/month');
  await starter.getByRole('button', { name: /Get Started/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  // The plan chosen on the landing page is preselected.
  await expect(dialog.getByRole('combobox', { name: 'Plan' })).toContainText('Starter');

  await dialog.getByLabel('First name').fill('Riley');
  await dialog.getByLabel('Last name').fill('Journey');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Company name').fill(company);
  await dialog.getByLabel(/^Password/).fill(TEST_PASSWORD);
  await dialog.getByLabel(/^Confirm password/).fill(TEST_PASSWORD);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();

  // A short phone number is refused with its message under the field, and nothing is sent.
  const phone = dialog.getByLabel('Phone');
  await phone.fill('555123');
  await expect(phone).toHaveValue('+1555123');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(phone).toHaveAccessibleDescription(new RegExp(PHONE_MESSAGE.replace(/[()+]/g, '\\$&')));
  await expect(dialog).toBeVisible();

  // The input keeps digits only, adds the country code and stops at 11 digits.
  await phone.fill('(555) 010-0142 99');
  await expect(phone).toHaveValue('+15550100142');
  await expect(dialog.getByText(PHONE_MESSAGE)).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/customer-login\?email=[^&]+&auto=true$/);
  const emailField = page.getByLabel('Email');
  await expect(emailField).toHaveValue(email);

  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(page.getByText('Welcome, Riley')).toBeVisible();
  await expect(page.getByTestId('portal-plan-badge')).toHaveText('Starter');
});

test('the sign-up form shows the schema messages and keeps the dialog open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog.getByRole('combobox', { name: 'Plan' })).toContainText('Professional');
  // The Field's required mark reaches the select's trigger, the part a screen reader announces.
  await expect(dialog.getByRole('combobox', { name: 'Plan' })).toHaveAttribute('aria-required', 'true');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Company name is required')).toBeVisible();
  await expect(dialog.getByText('You must accept the terms')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("an email that is already registered is refused with the server's message", async ({ page }) => {
  const existing = await createCustomer();
  await page.goto('/');
  await page
    .getByTestId('plan-card-professional')
    .getByRole('button', { name: /Get Started/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('First name').fill('Casey');
  await dialog.getByLabel('Last name').fill('Duplicate');
  await dialog.getByLabel('Email').fill(existing.email);
  await dialog.getByLabel('Phone').fill('5550100143');
  await dialog.getByLabel('Company name').fill('Duplicate Fleet');
  await dialog.getByLabel(/^Password/).fill(TEST_PASSWORD);
  await dialog.getByLabel(/^Confirm password/).fill(TEST_PASSWORD);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Registration Failed', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(/An account with this email/);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
