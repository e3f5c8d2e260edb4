import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addVehicleByApi,
  createCustomer,
  customerApi,
  signInPageAsStaff,
  staffApi,
  TEST_PASSWORD,
} from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

// Other journeys sign up customers and add vehicles on the same server at the same time, so totals
// are checked to have moved at least by what this journey did, and rows by this journey's own names.

/** The figure a tile shows, as a number ('1,284' -> 1284). */
async function figureOf(tile: Locator): Promise<number> {
  const text = await tile.locator('[data-slot="stat-value"]').innerText();
  return Number(text.replace(/[^\d.-]/g, ''));
}

async function statsNow(): Promise<{ totalCustomers: number }> {
  const api = await staffApi();
  try {
    const res = await api.get('/api/admin/stats');
    expect(res.status()).toBe(200);
    return (await res.json()) as { totalCustomers: number };
  } finally {
    await api.dispose();
  }
}

async function openDashboard(page: Page) {
  await signInPageAsStaff(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

test('an admin sees the four tiles with real values, and a sign-up in the recent activity', async ({
  page,
}) => {
  const customer = await createCustomer();
  await openDashboard(page);

  const total = page.getByTestId('stat-total-customers');
  await expect(total.locator('[data-slot="stat-value"]')).toHaveText(/^[\d,]+$/);
  // Other journeys add and delete customers at the same time: the tile shows the server's count of the
  // moment it loaded (which counts ours), not a figure of its own. So the count read just before a load
  // and the one read just after bracket what the tile shows; a load while the count moved both ways in
  // between is tried again.
  await expect
    .poll(
      async () => {
        const before = (await statsNow()).totalCustomers;
        await page.reload();
        await expect(total.locator('[data-slot="stat-value"]')).toHaveText(/^[\d,]+$/);
        const shown = await figureOf(total);
        const after = (await statsNow()).totalCustomers;
        return shown >= Math.min(before, after) && shown <= Math.max(before, after) && shown >= 1;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByTestId('stat-active-subscriptions').locator('[data-slot="stat-value"]')).toHaveText(
    /^[\d,]+$/,
  );
  await expect(page.getByTestId('stat-monthly-revenue').locator('[data-slot="stat-value"]')).toHaveText(
    /^\$[\d,]+\.\d{2}$/,
  );
  // Growth comes from the MRR ledger, which holds the demo's year: a figure, the same as Revenue
  // Analytics' last 30 days (docs/figures.md).
  const growth = page.getByTestId('stat-growth-rate');
  await expect(growth.locator('[data-slot="stat-value"]')).toHaveText(/^[+-]?\d+\.\d%$/);
  await expect(growth).toContainText('MRR growth since');
  await expect(growth).toContainText("as Revenue Analytics' last 30 days");

  // The sign-up is in the feed: among the newest five, or on the first page of all of them.
  const feed = page.getByTestId('activity-list');
  await expect(feed).toBeVisible();
  const signUp = feed.getByRole('listitem').filter({ hasText: customer.companyName }).first();
  if (!(await signUp.isVisible())) await page.getByRole('button', { name: /^Show All \(\d+\)$/ }).click();
  await expect(signUp).toBeVisible();
  await expect(signUp).toContainText(`${customer.companyName} signed up for the Professional plan`);
  await expect(signUp).toContainText('New Customer');
  await expect(signUp).toContainText(`Customer: ${customer.email}`);
  await expect(signUp).toContainText(`Customer ID: ${customer.id}`);
  await expect(signUp).toContainText(/Just now|\d+ minutes? ago/);
  await expect(signUp).not.toContainText('{');
  await expectNoSeriousA11yViolations(page, 'the dashboard');

  // Total Customers leads to the customers screen, which has no menu entry.
  await total.getByRole('link', { name: 'View customers' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=customers$/);
});

test('the recent activity offers Show All past five items, pages through them, and Show Less', async ({
  page,
}) => {
  for (let i = 0; i < 6; i += 1) await createCustomer();
  await openDashboard(page);

  const feed = page.getByTestId('activity-list');
  const items = feed.locator(':scope > li');
  await expect(items).toHaveCount(5);
  const showAll = page.getByRole('button', { name: /^Show All \(\d+\)$/ });
  const label = await showAll.innerText();
  const total = Number(label.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(5);

  await showAll.click();
  await expect(items).toHaveCount(Math.min(total, 25));
  await expect(page.getByRole('navigation', { name: 'Activity pages' })).toContainText(
    new RegExp(`^1–${Math.min(total, 25)} of [\\d,]+ items`),
  );
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(items).toHaveCount(5);

  // The card folds away and opens again.
  await page.getByRole('button', { name: 'Collapse recent activity' }).click();
  await expect(feed).toBeHidden();
  await page.getByRole('button', { name: 'Expand recent activity' }).click();
  await expect(feed).toBeVisible();
});

test("the fleet center's Analytics counts a vehicle added through the API", async ({ page }) => {
  const admin = await staffApi();
  const before = (await (await admin.get('/api/admin/fleet/analytics')).json()) as {
    vehicles: { total: number };
  };
  await admin.dispose();

  // More vehicles than the demo fleet, so the account is among the largest fleets.
  const customer = await createCustomer({ planId: 'professional' });
  const api = await customerApi(customer.email, TEST_PASSWORD);
  const added = 13;
  for (let i = 0; i < added; i += 1) {
    await addVehicleByApi(api, { make: 'Isuzu', model: 'NPR', mileage: 1200 });
  }
  await api.dispose();

  await signInPageAsStaff(page);
  await page.goto('/admin?tab=fleet');
  await expect(page.getByRole('heading', { name: 'Fleet Management', level: 1 })).toBeVisible();
  await expect(page.getByTestId('fleet-crm-status')).toHaveText('Built-in fleet app');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/[?&]view=analytics/);

  const vehicles = page.getByTestId('fleet-total-vehicles');
  await expect(vehicles.locator('[data-slot="stat-value"]')).toHaveText(/^[\d,]+$/);
  expect(await figureOf(vehicles)).toBeGreaterThanOrEqual(before.vehicles.total + added);
  await expect(
    page.getByTestId('largest-fleets').getByRole('listitem').filter({ hasText: customer.companyName }),
  ).toContainText(`${added} vehicles`);

  await expectNoSeriousA11yViolations(page, 'fleet analytics');

  // The sub-tab is in the address: a reload opens it again.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('fleet-mileage')).toBeVisible();
});

test('Live Monitoring and CRM Integration show real figures and say what is not connected', async ({
  page,
}) => {
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=fleet&view=monitoring');
  await expect(page.getByTestId('fleet-active-sessions').locator('[data-slot="stat-value"]')).toHaveText(
    /^[\d,]+$/,
  );
  await expect(page.getByText(/^Vehicle telemetry is not connected/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'live monitoring');

  await page.getByRole('tab', { name: 'CRM Integration' }).click();
  await expect(page.getByTestId('crm-hand-off')).toContainText('built-in fleet app');
  // CRM sync as the one rule says it at this moment: other journeys on this server may have set a CRM up.
  const crm = await page.request.get('/api/admin/fleet/crm');
  const { sync } = (await crm.json()) as { sync: { message: string | null; mode: string | null } };
  await expect(page.getByTestId('fleet-crm-sync')).toContainText(
    sync.message ?? `${sync.mode}: syncs run from the CRM screen.`,
  );
  await expect(page.getByText(/coming (soon|in)/i)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Fleet CRM endpoints' })).toContainText(
    '/api/auth/dealer-login',
  );
  await expectNoSeriousA11yViolations(page, 'CRM integration');
});
