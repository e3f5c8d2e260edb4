import { expect, test } from '@playwright/test';
import { createCustomer, DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, uniqueEmail } from './support/api';

test('a wrong password shows "Incorrect password" under the password field', async ({ page }) => {
  const customer = await createCustomer();
  await page.goto('/customer-login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the#password1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Incorrect password',
  );
  await expect(page).toHaveURL(/\/customer-login$/);
});

test('an unknown email shows the invalid_email message under the email field', async ({ page }) => {
  await page.goto('/customer-login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('Whatever#2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'No account found with this email address',
  );
});

test('empty and malformed input are refused before any call', async ({ page }) => {
  await page.goto('/customer-login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Password is required',
  );
  await expect(page.getByText('Please enter both email and password', { exact: true })).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
});

test('the demo customer signs in, reaches the portal and logs out', async ({ page }) => {
  await page.goto('/customer-login');
  await page.getByLabel('Email').fill(DEMO_CUSTOMER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FleetCo Logistics' })).toBeVisible();
  await expect(page.getByText('Welcome, Dana')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBe(DEMO_CUSTOMER_EMAIL);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer-login$/);
  expect(await page.evaluate(() => localStorage.getItem('customerToken'))).toBeNull();
  await page.goto('/customer-dashboard');
  await expect(page).toHaveURL(/\/customer-login$/);
});

test('a signed-out visit to the portal goes to the customer login', async ({ page }) => {
  await page.goto('/customer-dashboard');
  await expect(page).toHaveURL(/\/customer-login$/);
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
});

test('after ten failed sign-ins for the account, the right password still gets in', async ({
  page,
  request,
}) => {
  const customer = await createCustomer();
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/auth/dealer-login', {
      data: { email: customer.email, password: 'Not-the#password1' },
    });
    expect(res.status()).toBe(401);
  }
  const asked = await request.post('/api/auth/dealer-login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(asked.status()).toBe(429);

  // The page solves the server's challenge by itself and signs in.
  await page.goto('/customer-login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/, { timeout: 20_000 });
});
