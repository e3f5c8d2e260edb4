import { expect, test, type Page } from '@playwright/test';
import {
  createCustomer,
  customerApi,
  signInPageAsCustomer,
  signInPageAsStaff,
  uniqueSuffix,
} from './support/api';
import { activeCustomerInBrowser, CARD_OK } from './support/subscribed-customer';

/*
 * The freshness model (docs/client-kit.md, "Freshness"): after a person's own change, every screen
 * they open next shows it, without a reload. Each journey opens the screen first (so its answer is
 * cached), makes the change elsewhere in the app, and comes back by the app's own links.
 */

test('paying from the trial banner: Billing shows the active subscription and the card at once', async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await page.goto('/customer-dashboard?tab=billing');
  await expect(page.getByText('You are on a free trial.')).toBeVisible();
  await expect(page.getByText('No payment method on file')).toBeVisible();

  await page.getByRole('link', { name: 'Subscribe now' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();

  await expect(page).toHaveURL(/\/customer-dashboard\?tab=billing$/);
  await expect(page.getByTestId('billing-status')).toContainText('Active');
  await expect(page.getByText('You are on a free trial.')).toHaveCount(0);
  await expect(page.getByText('No payment method on file')).toHaveCount(0);
  await expect(page.getByTestId('payment-method')).toContainText('4242');
  // Nothing left to pay: the page offers no second checkout.
  await expect(page.getByRole('link', { name: 'Subscribe now' })).toHaveCount(0);
});

test("adding a vehicle in the fleet app moves the portal's vehicle count", async ({ page }) => {
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await page.goto('/customer-dashboard');
  const vehicles = page.getByTestId('overview-vehicles');
  await expect(vehicles).toContainText('0 of 15 vehicles');

  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/fleet-management/);
  await page.getByRole('tab', { name: 'Vehicles' }).click();
  await page.getByRole('button', { name: 'Add vehicle' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add vehicle' });
  await dialog.getByLabel('Make').fill('Ford');
  await dialog.getByLabel('Model').fill('Transit');
  await dialog.getByLabel('Year').fill('2022');
  await dialog
    .getByLabel('VIN')
    .fill(`1FTBR1C8${uniqueSuffix().replace(/\D/g, '').padStart(9, '0').slice(-9)}`);
  await dialog.getByLabel('License plate').fill(`FR-${uniqueSuffix().slice(-6)}`);
  await dialog.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard/);
  await expect(vehicles).toContainText('1 of 15 vehicles');
});

test('an upgrade appears in Recent Transactions seen before it', async ({ page }) => {
  await activeCustomerInBrowser(page, 'starter');
  await page.goto('/customer-dashboard?tab=billing');
  const recent = page.getByTestId('recent-transactions');
  await expect(recent.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Upgrade to Professional?' });
  await confirm.getByRole('button', { name: 'Upgrade to Professional' }).click();
  await expect(page.getByText('Upgrade Successful', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Billing & Payments' }).click();
  await expect(recent.getByText('Upgrade to Professional (prorated)')).toBeVisible();
  await expect(page.getByTestId('billing-monthly')).toContainText('$189.00');
});

/** The figure of a stat tile, by its label. */
const tile = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('[data-slot="stat-value"]');

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

test("a staff refund moves Payment Analytics' refunded total and the invoice, seen before it", async ({
  page,
}) => {
  const company = `Fresh Refund ${uniqueSuffix()}`;
  const customer = await createCustomer({ companyName: company, planId: 'professional' });
  const api = await customerApi(customer.email, customer.password);
  const start = await api.post('/api/create-subscription', { data: { customerId: customer.id } });
  const { clientSecret } = (await start.json()) as { clientSecret: string };
  const paid = await api.post('/api/payments/sandbox/confirm', {
    data: {
      clientSecret,
      card: { number: CARD_OK, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
    },
  });
  expect(paid.status()).toBe(200);
  await api.dispose();

  await signInPageAsStaff(page);
  await page.goto(`/admin?tab=payments&view=analytics`);
  const refunded = tile(page, 'Refunded');
  await expect(refunded).toHaveText(/\$/);
  const before = money(await refunded.textContent());
  await page.getByRole('tab', { name: 'Invoicing' }).click();
  const invoice = page.getByTestId('invoice-row').filter({ hasText: company });
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(company);
  await expect(invoice).toContainText('Paid');

  await page.getByRole('tab', { name: 'Transactions' }).click();
  await page.getByRole('searchbox', { name: 'Search transactions' }).fill(company);
  const row = page.getByTestId('payment-row').filter({ hasText: company });
  await row.getByRole('button', { name: /^Refund payment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByRole('button', { name: 'Process refund' }).click();
  await expect(page.getByText('Refund processed', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(refunded).toHaveText(
    `$${(before + 189).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await page.getByRole('tab', { name: 'Invoicing' }).click();
  await expect(invoice).toContainText('Refunded');
});

test('a customer changing plan refreshes the staff Billing Management list through the notification', async ({
  page,
}) => {
  const company = `Fresh Notify ${uniqueSuffix()}`;
  const customer = await createCustomer({ companyName: company, planId: 'starter' });
  // The page's clock is Playwright's, so the bell's 30 s poll is fast-forwarded, not waited for.
  await page.clock.install();
  await signInPageAsStaff(page);
  await page.goto(`/admin?tab=payments&view=billing`);
  const row = page.getByTestId('subscription-row').filter({ hasText: company });
  await page.getByRole('searchbox', { name: 'Search subscriptions' }).fill(company);
  await expect(row).toContainText('Starter');

  const api = await customerApi(customer.email, customer.password);
  const changed = await api.post('/api/customer/upgrade-plan', {
    data: { planId: 'enterprise', email: customer.email },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await api.dispose();
  await expect(row).toContainText('Starter');

  // The bell's next poll brings the notification, and the list refetches by itself.
  const nextPoll = page.waitForResponse((r) => r.url().endsWith('/api/admin/notifications'));
  await page.clock.fastForward(30_000);
  await nextPoll;
  await expect(page.getByText(`${customer.email} upgraded their plan`).first()).toBeVisible();
  await expect(row).toContainText('Enterprise');
});
