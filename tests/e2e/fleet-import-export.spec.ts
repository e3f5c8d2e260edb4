import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { VEHICLE_CSV_COLUMNS } from '../../src/shared/contracts/fleet';
import { createCustomer, signInPageAsCustomer } from './support/api';

test('the demo customer exports vehicles and a new customer imports them with a broken row', async ({
  page,
  browser,
}) => {
  // Export: the demo fleet filtered to active vehicles, every matching row.
  await signInPageAsCustomer(page);
  const totalRes = await page.request.get('/api/fleet/vehicles?status=active&pageSize=1');
  expect(totalRes.status()).toBe(200);
  const { total } = (await totalRes.json()) as { total: number };
  expect(total).toBeGreaterThan(0);

  await page.goto('/fleet-management?tab=vehicles');
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(page.getByTestId('vehicle-range')).toHaveText(new RegExp(`of ${total}$`));
  await page.getByRole('tab', { name: 'Import/Export' }).click();
  await expect(page).toHaveURL(/status=active/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export vehicles' }).click();
  const download = await downloading;
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  expect(lines[0]).toBe(VEHICLE_CSV_COLUMNS.join(','));
  expect(lines.length - 1).toBe(total);

  // A deliberately broken row: a VIN that is too short.
  const broken = 'Broken,Row,2020,BADVIN123,BROKEN-1,active,100,50,Nowhere';
  const file = `${lines.join('\r\n')}\r\n${broken}\r\n`;

  // Import into a fresh Professional account, in its own browser context.
  const context = await browser.newContext();
  const other = await context.newPage();
  try {
    const customer = await createCustomer({ planId: 'professional' }, other.request);
    await signInPageAsCustomer(other, customer.email, customer.password);
    await other.goto('/fleet-management?tab=import-export');
    await other.getByLabel('Vehicle CSV file').setInputFiles({
      name: 'vehicles.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file, 'utf8'),
    });

    const preview = other.getByTestId('import-preview');
    await expect(preview).toBeVisible();
    await expect(other.getByTestId('import-valid-count')).toHaveText(`${total} valid`);
    await expect(other.getByTestId('import-invalid-count')).toHaveText('1 with problems');
    await expect(other.getByTestId('import-row-valid')).toHaveCount(total);
    const invalid = other.getByTestId('import-row-invalid');
    await expect(invalid).toHaveCount(1);
    await expect(invalid).toContainText(String(total + 2)); // header is line 1
    await expect(invalid).toContainText('vin');
    await expect(invalid).toContainText('VIN must be 17 letters and digits');

    await preview
      .getByRole('button', { name: `Import ${total} valid ${total === 1 ? 'vehicle' : 'vehicles'}` })
      .click();
    await expect(other.getByText('Import complete', { exact: true })).toBeVisible();
    await other.getByRole('button', { name: 'View vehicles' }).click();
    await expect(other).toHaveURL(/\?tab=vehicles$/);
    await expect(other.getByTestId('vehicle-range')).toHaveText(`1–${total} of ${total}`);
    const exported = lines.slice(1).map((line) => line.split(',')[4] ?? '');
    await expect(other.getByRole('row').filter({ hasText: exported[0] ?? '' })).toHaveCount(1);
  } finally {
    await context.close();
  }
});
