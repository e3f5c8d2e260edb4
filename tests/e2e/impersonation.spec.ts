import { expect, test, type Page } from '@playwright/test';
import { createCustomer, signInPageAsStaff, type NewCustomer } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

/**
 * Staff open a customer's fleet app (docs/impersonation.md, from the Fleet Control Center):
 * a button makes a one-time link, a new tab spends it and shows the customer's fleet with the staff
 * banner, and the same link opens nothing a second time.
 */

/** Where the button is: the customer's opened row in the fleet control center's Customer Fleet list. */
async function openFleetAppButton(page: Page, customer: NewCustomer) {
  await page.goto('/admin?tab=fleet');
  await page.getByRole('searchbox', { name: 'Search customer fleets' }).fill(customer.email);
  const row = page.getByTestId('customer-fleet-row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: customer.companyName, exact: true }).click();
  return row.getByRole('button', { name: `Open ${customer.companyName}'s fleet app as staff` });
}

test("an admin opens a customer's fleet app in a new tab with the staff banner; the link works once", async ({
  page,
  context,
}) => {
  const customer = await createCustomer();
  await signInPageAsStaff(page);
  const button = await openFleetAppButton(page, customer);

  const linkRequest = context.waitForEvent('request', (r) => r.url().includes('/api/external/impersonate'));
  const [tab] = await Promise.all([context.waitForEvent('page'), button.click()]);
  const link = (await linkRequest).url();

  await tab.waitForURL('**/fleet-management**');
  const banner = tab.getByRole('region', { name: 'Staff view' });
  await expect(banner).toContainText('Viewing as Avery Admin, staff');
  await expect(tab.getByRole('heading', { level: 1, name: customer.companyName })).toBeVisible();
  // The arrival marker leaves the address; the portal (billing, passwords) is not offered.
  await expect(tab).toHaveURL(/\/fleet-management$/);
  await expect(tab.getByRole('link', { name: 'Back to Dashboard' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(tab, 'the fleet app viewed by staff');
  // The admin tab stays where it was.
  await expect(page).toHaveURL(/tab=fleet/);

  // The same link again, in another tab: refused with a page that says why.
  const again = await context.newPage();
  const answer = await again.goto(link);
  expect(answer?.status()).toBe(410);
  await expect(again.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
  await expect(again.getByRole('link', { name: 'Back to Customer CRM Fleet' })).toHaveAttribute(
    'href',
    '/admin?tab=fleet',
  );
  await again.close();

  // Exit ends the session staff opened and closes its tab.
  await Promise.all([tab.waitForEvent('close'), banner.getByRole('button', { name: 'Exit' }).click()]);
  const session = await page.request.get('/api/auth/customer');
  expect(await session.json()).toMatchObject({ isAuthenticated: false });
});

test("the customer's own session shows no banner", async ({ page }) => {
  const customer = await createCustomer();
  const res = await page.request.post('/api/auth/dealer-login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(res.status()).toBe(200);
  await page.goto('/fleet-management');
  await expect(page.getByRole('heading', { level: 1, name: customer.companyName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Staff view' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
});
