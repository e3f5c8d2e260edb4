import { expect, test } from '@playwright/test';
import { signInPageAsStaff, TEST_PASSWORD, uniqueEmail, uniqueSuffix } from './support/api';
import { linkIn, waitForMail } from './support/mail';
import { teamInvitationPassword } from './support/invitations';

/**
 * Issue 14: the emails of the product's events arrive (the local mail server of tests/e2e/servers.ts),
 * and a password staff give a new team member arrives by email, never on screen.
 */

test('a new customer signs up and the welcome email arrives', async ({ page, baseURL }) => {
  const email = uniqueEmail('welcome');
  const company = `Welcome Fleet ${uniqueSuffix()}`;
  await page.goto('/');
  await page
    .getByTestId('plan-card-professional')
    .getByRole('button', { name: /Get Started/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('First name').fill('Wren');
  await dialog.getByLabel('Last name').fill('Welcome');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Company name').fill(company);
  await dialog.getByLabel('Phone').fill('(555) 010-0142');
  await dialog.getByLabel(/^Password/).fill(TEST_PASSWORD);
  await dialog.getByLabel(/^Confirm password/).fill(TEST_PASSWORD);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/customer-login\?email=/);

  const welcome = await waitForMail(email, 'Welcome to Motorpool, Wren!');
  expect(welcome.text).toContain('Your Professional trial is ready: you have 14 days, until ');
  // The sign-in link is absolute (PUBLIC_URL) and opens the sign-in page.
  const signIn = linkIn(welcome, `${baseURL}/customer-login`);
  await page.goto(signIn);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
});

test('an admin creates a team member whose password arrives by email, not on screen; they sign in with it', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('invited');
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=users');
  await page.getByRole('button', { name: 'Create user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('First name').fill('Indigo');
  await dialog.getByLabel('Last name').fill(`Invited${uniqueSuffix()}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').pressSequentially('5551234567');
  await dialog.getByLabel('Address').fill('7 Mail Road, Springfield');
  await dialog.getByRole('button', { name: 'Create user' }).click();

  const created = page.getByRole('dialog', { name: 'User created successfully!' });
  await expect(created.getByTestId('sent-by-email')).toContainText(`sent by email to ${email}`);
  const password = await teamInvitationPassword(email);
  // Nowhere on the admin's screen.
  await expect(page.getByText(password)).toHaveCount(0);
  await created.getByRole('button', { name: 'Done' }).click();

  // The new member signs in at /admin-login with the emailed password and is asked to set their own.
  const memberContext = await browser.newContext();
  try {
    const member = await memberContext.newPage();
    await member.goto('/admin-login');
    await member.getByLabel('Email').fill(email);
    await member.getByLabel('Password', { exact: true }).fill(password);
    await member.getByRole('button', { name: 'Sign In' }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  } finally {
    await memberContext.close();
  }
});
