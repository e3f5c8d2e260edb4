import { expect, test } from '@playwright/test';
import { ACCESS_DENIED_MESSAGE } from '../../src/shared/roles';
import { createCustomer, DEMO_PASSWORD, DEMO_STAFF, signInPageAsStaff, uniqueSuffix } from './support/api';

/** The sales role sees only its tabs, and the server refuses the rest (docs/product-rules.md). */

test('a sales user sees only the sales tabs and is refused plans in the page and by the API', async ({
  page,
}) => {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(DEMO_STAFF.sales);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('sales Access')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Customer CRM Fleet' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Subscription Plans' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Team Management' })).toHaveCount(0);

  await page.goto('/admin?tab=plans');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(ACCESS_DENIED_MESSAGE)).toBeVisible();
  await expect(page.getByRole('main').getByText('sales Access')).toBeVisible();

  // The same browser session, straight at the API: the server enforces the role on its own.
  const suffix = uniqueSuffix();
  const create = await page.request.post('/api/plans', {
    data: {
      id: `sales-${suffix}`,
      name: `Sales Plan ${suffix}`,
      description: 'Must not be created',
      price: 10,
      interval: 'month',
      vehicleLimit: 5,
      userLimit: 2,
      active: true,
      features: {},
    },
  });
  expect(create.status()).toBe(403);
  expect(await create.json()).toMatchObject({ message: ACCESS_DENIED_MESSAGE });

  const stats = await page.request.get('/api/admin/plans/stats');
  expect(stats.status()).toBe(403);
  expect(await stats.json()).toMatchObject({ message: ACCESS_DENIED_MESSAGE });
});

test('a sales user sees the customers screen without Add, Edit or Delete, and the API refuses them', async ({
  page,
}) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsStaff(page, DEMO_STAFF.sales);
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  // Overview and Customer CRM Fleet only; the customers screen has no menu entry.
  await expect(menu.getByRole('link')).toHaveText(['Overview', 'Customer CRM Fleet']);

  // The customers screen has no menu entry: the dashboard and the fleet screen link to it.
  await menu.getByRole('link', { name: 'Customer CRM Fleet' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page).toHaveURL(/tab=customers/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Management' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.email);
  const card = page.getByTestId('customer-card').filter({ hasText: customer.email });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: customer.companyName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Customer' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^More actions/ })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);

  // The server refuses what the screen does not offer.
  const remove = await page.request.delete(`/api/admin/customers/${customer.id}`);
  expect(remove.status()).toBe(403);
  expect(await remove.json()).toMatchObject({ message: ACCESS_DENIED_MESSAGE });
  const edit = await page.request.put(`/api/admin/customers/${customer.id}`, {
    data: { firstName: 'Not', lastName: 'Allowed' },
  });
  expect(edit.status()).toBe(403);
});
