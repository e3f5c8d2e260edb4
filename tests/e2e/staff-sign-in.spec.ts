import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_STAFF, signInPageAsStaff } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

/** Staff sign-in and the admin shell's URL-kept tabs (docs/product-rules.md). */

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an empty sign-in names both missing fields', async ({ page }) => {
  await page.goto('/admin-login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Password is required',
  );
  await expect(page.getByText('Please enter both email and password', { exact: true })).toBeVisible();
});

test('a wrong password shows "Incorrect password" under the password field', async ({ page }) => {
  await page.goto('/admin-login');
  await fillSignIn(page, DEMO_STAFF.admin, 'not-the-password');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Incorrect password',
  );
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('an unknown email is named under the email field', async ({ page }) => {
  await page.goto('/admin-login');
  await fillSignIn(page, 'nobody-here@motorpool.local', DEMO_PASSWORD);
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/no account found/i);
});

test('an admin signs in, switches tabs through the URL, and logs out', async ({ page }) => {
  await page.goto('/admin-login');
  await expect(page).toHaveTitle('Motorpool - Admin Login');
  await fillSignIn(page, DEMO_STAFF.admin, DEMO_PASSWORD);

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('admin Access')).toBeVisible();
  await expect(page).toHaveTitle('Motorpool - Admin Dashboard');
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

  await menu.getByRole('link', { name: 'Subscription Plans' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=plans$/);
  await expect(page).toHaveTitle('Motorpool - Subscription Plans');
  await expect(menu.getByRole('link', { name: 'Subscription Plans' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A reload keeps the tab: it lives in the URL.
  await page.reload();
  await expect(page).toHaveTitle('Motorpool - Subscription Plans');
  await expect(
    page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Subscription Plans' }),
  ).toHaveAttribute('aria-current', 'page');

  // Back and forward walk the tabs.
  await menu.getByRole('link', { name: 'Security & Audit' }).click();
  await expect(page).toHaveTitle('Motorpool - Audit Logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\?tab=plans$/);
  await expect(page).toHaveTitle('Motorpool - Subscription Plans');
  await page.goForward();
  await expect(page).toHaveTitle('Motorpool - Audit Logs');

  // An unknown tab falls back to the dashboard.
  await page.goto('/admin?tab=no-such-tab');
  await expect(page).toHaveTitle('Motorpool - Admin Dashboard');
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('admin Access')).toHaveCount(0);
});

test('when the session ends inside the shell, the next 401 sends the user to the sign-in', async ({
  page,
  context,
}) => {
  await page.goto('/admin-login');
  await fillSignIn(page, DEMO_STAFF.admin, DEMO_PASSWORD);
  await expect(page.getByText('admin Access')).toBeVisible();

  // The session disappears (expired, or signed out elsewhere) while the shell is open.
  await context.clearCookies();
  // Opening the plans tab loads its staff-only figures, which now answer 401.
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Subscription Plans' })
    .click();

  await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the admin shell has no serious or critical accessibility violations', async ({ page }) => {
  await signInPageAsStaff(page, DEMO_STAFF.admin);
  for (const path of ['/admin', '/admin?tab=audit', '/admin/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
});
