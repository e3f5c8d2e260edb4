import { expect, test } from '@playwright/test';
import { signInPageAsStaff, uniqueSuffix } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { journeyPorts } from './servers';

/**
 * The External Database tab (docs/external-db.md) against the local external database that
 * the journeys start (tests/e2e/servers.ts, tests/fakes/external-db-main.ts), configured through the API settings
 * screen so no other journey's server configuration changes.
 */

const EXTERNAL_DB_URL = `http://127.0.0.1:${journeyPorts().externalDb}`;
const EXTERNAL_DB_KEY = 'e2e-external-db-key';

test('an admin tests the connection, imports customers with one bad row, and finds them in Customers', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const domain = `import-${suffix}.example`;
  const rows = Array.from({ length: 24 }, (_, i) => ({
    email: `owner${i + 1}@${domain}`,
    firstName: 'Imported',
    lastName: `Owner ${i + 1}`,
    companyName: `Imported Haulage ${suffix} ${i + 1}`,
    planId: i === 0 ? 'professional' : undefined,
  }));
  const bad = {
    email: `not-an-email-${suffix}`,
    firstName: 'Bad',
    lastName: 'Row',
    companyName: 'Bad Row Co',
  };
  const control = await page.request.post(`${EXTERNAL_DB_URL}/_control`, {
    data: { mode: 'normal', shape: 'object', customers: [...rows.slice(0, 10), bad, ...rows.slice(10)] },
  });
  expect(control.ok()).toBe(true);

  await signInPageAsStaff(page);
  await page.goto('/admin?tab=settings&view=api-keys');
  await expect(page.getByRole('heading', { level: 2, name: 'API Keys' })).toBeVisible();
  await page.getByLabel('External database URL').fill(EXTERNAL_DB_URL);
  await page.getByLabel('External database API key').fill(EXTERNAL_DB_KEY);
  await page.getByRole('button', { name: 'Save API settings' }).click();
  await expect(page.getByText('API Settings Updated', { exact: true })).toBeVisible();

  // The customers tab, opened before the import: its figures stay cached (fresh for 5 minutes) unless
  // the import's end invalidates them.
  await page.goto('/admin?tab=customers');
  const totalTile = page.getByTestId('stat-total');
  await expect(totalTile).toContainText(/\d/);
  const totalCustomers = async () =>
    Number(((await totalTile.textContent()) ?? '').match(/Total\s*([\d,]+)/)?.[1]?.replace(/,/g, ''));
  const before = await totalCustomers();
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'External Database' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'External Database' })).toBeVisible();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('Connection Successful', { exact: true })).toBeVisible();
  await expect(page.getByTestId('external-db-status')).toContainText('Connected');
  await expectNoSeriousA11yViolations(page, 'External Database screen');

  const card = page.getByTestId('import-customers');
  await card.getByRole('button', { name: 'Import Customers' }).click();
  // Real progress: records done of the total the source sent.
  await expect(card.getByTestId('job-progress')).toContainText('Importing customers');
  await expect(page.getByText('Customer Sync Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Synced 24 records. 1 error.', { exact: true })).toBeVisible();
  await expect(card.getByTestId('import-summary')).toContainText('Synced 24 records. 1 error.');
  const errorRow = card.getByTestId('import-error-row');
  await expect(errorRow).toHaveCount(1);
  await expect(errorRow).toContainText(`row 11 (not-an-email-${suffix})`);
  await expect(errorRow).toContainText('email: Please enter a valid email address');

  // Back to the customers tab without a reload: its figures count the imported customers.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Management' })).toBeVisible();
  await expect.poll(totalCustomers).toBeGreaterThanOrEqual(before + 24);

  // A reopened screen shows the last import again.
  await page.goto('/admin?tab=external-db');
  await expect(page.getByTestId('import-customers').getByTestId('import-error-row')).toHaveCount(1);

  await page.goto('/admin?tab=customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Management' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`owner1@${domain}`);
  const found = page.getByTestId('customer-card').filter({ hasText: `owner1@${domain}` });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`Imported Haulage ${suffix} 1`);
});
