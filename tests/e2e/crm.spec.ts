import { expect, request, test } from '@playwright/test';
import { createCustomer, DEMO_STAFF, signInPageAsStaff } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { journeyPorts } from './servers';

/**
 * CRM Integration (docs/crm.md) against the local HubSpot the config starts
 * (tests/fakes/hubspot-main.ts, token 'pat-local-test'): key saved, integration on, a bulk sync of the
 * customers with its real progress, the counts, each record's status, and the contacts in HubSpot.
 */

const hubspotUrl = () => `http://127.0.0.1:${journeyPorts().hubspot}`;

test('an admin connects HubSpot, bulk-syncs the customers and sees each one Synced', async ({ page }) => {
  test.setTimeout(60_000);
  const mine = [await createCustomer(), await createCustomer()];
  const hubspot = await request.newContext({ baseURL: hubspotUrl() });
  try {
    await signInPageAsStaff(page, DEMO_STAFF.admin);

    // The key goes in System Settings → API Keys.
    await page.goto('/admin?tab=settings&view=api-keys');
    await page.getByLabel('HubSpot API key').fill('pat-local-test');
    await page.getByRole('button', { name: 'Save API settings' }).click();
    await expect(page.getByText('API Settings Updated', { exact: true })).toBeVisible();

    // Off until switched on: the screen says so and the sync buttons wait.
    await page.goto('/admin?tab=crm&view=settings');
    await expect(page.getByRole('heading', { level: 1, name: 'CRM Integration' })).toBeVisible();
    const integration = page.getByRole('switch', { name: 'CRM integration' });
    if ((await integration.getAttribute('aria-checked')) !== 'true') {
      await expect(page.getByTestId('crm-blocked')).toContainText('CRM sync is disabled');
      await expect(page.getByRole('switch', { name: 'Auto-sync' })).toBeDisabled();
      await integration.click();
      await expect(page.getByText('Configuration Updated', { exact: true })).toBeVisible();
    }
    await expect(integration).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('crm-blocked')).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Auto-sync' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'CRM settings tab');

    // HubSpot asks us to wait two seconds on the first call: the bar shows real progress meanwhile.
    const slow = await hubspot.post('/__control/fail-next', {
      data: { count: 1, status: 429, retryAfterSeconds: 2 },
    });
    expect(slow.status()).toBe(204);
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'Sync all customers' }).click();
    const progress = page.getByTestId('job-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/Syncing customers.*(records|Counting)/);
    await expect(page.getByText('Bulk Sync Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Synced \d+ records?\. \d+ errors?\.$/).first()).toBeVisible();
    await expect(progress).toHaveCount(0);

    // Each of ours reads Synced in the customers tab.
    for (const customer of mine) {
      await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.email);
      const row = page.getByTestId('crm-customer-row').filter({ hasText: customer.companyName });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('crm-sync-state').first()).toContainText('Synced');
    }
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, 'CRM customers tab');

    // And HubSpot holds them as contacts.
    const contacts = (await (await hubspot.get('/__control/contacts')).json()) as {
      results: { properties: { email: string } }[];
    };
    const emails = contacts.results.map((c) => c.properties.email);
    for (const customer of mine) expect(emails).toContain(customer.email.toLowerCase());
  } finally {
    await hubspot.dispose();
  }
});

test('the CRM overview reads well in dark and light', async ({ page }) => {
  await signInPageAsStaff(page, DEMO_STAFF.admin);
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/admin?tab=crm');
    await expect(page.getByText('Total Syncs')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sync all users' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `CRM overview, ${colorScheme}`);
  }
});
