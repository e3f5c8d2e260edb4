import { expect, test, type Page } from '@playwright/test';
import { addVehicleByApi, createCustomer, signInPageAsCustomer } from './support/api';

/** Settings → Distance unit changes every mileage the fleet app shows and accepts (issue 9). */

async function chooseDistanceUnit(page: Page, unit: 'Miles' | 'Kilometers') {
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Distance unit' }).click();
  await page.getByRole('option', { name: unit }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings Saved & Synced', { exact: true })).toBeVisible();
}

async function openEdit(page: Page) {
  await page.getByRole('button', { name: /^Actions for Volvo FH16/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Volvo FH16' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('kilometres in Settings: the fleet shows and takes km, a typed km value comes back exact; miles again', async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  const vehicleId = await addVehicleByApi(page.request, { make: 'Volvo', model: 'FH16', mileage: 38_210 });

  await chooseDistanceUnit(page, 'Kilometers');
  await page.goto('/fleet-management?tab=vehicles');
  const mileage = page.getByTestId('vehicle-row').getByTestId('vehicle-mileage');
  // 38,210 mi × 1.609344 = 61,493.03 km.
  await expect(mileage).toHaveText('61,493 km');
  await expect(page.getByRole('columnheader', { name: /Mileage \(km\)/ })).toBeVisible();

  let dialog = await openEdit(page);
  await expect(dialog.getByLabel('Mileage (km)')).toHaveValue('61493');
  await dialog.getByLabel('Mileage (km)').fill('102');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(mileage).toHaveText('102 km');
  // The API still speaks miles: 102 km is kept as 63.380 mi (whole miles would come back as 101 km).
  const stored = await page.request.get(`/api/fleet/vehicles/${vehicleId}`);
  expect(((await stored.json()) as { mileage: number }).mileage).toBe(63.38);

  await page.reload();
  await expect(mileage).toHaveText('102 km');
  dialog = await openEdit(page);
  await expect(dialog.getByLabel('Mileage (km)')).toHaveValue('102');
  // A limit in the unit the box shows.
  await dialog.getByLabel('Mileage (km)').fill('3218689');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Mileage must be between 0 and 3,218,688 km')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/fleet-management?tab=import-export');
  await expect(page.getByTestId('csv-miles-note').first()).toHaveText(
    'Mileage in CSV files is in miles, whatever your distance unit.',
  );

  await chooseDistanceUnit(page, 'Miles');
  await page.goto('/fleet-management?tab=vehicles');
  await expect(mileage).toHaveText('63 mi');
  dialog = await openEdit(page);
  await expect(dialog.getByLabel('Mileage (mi)')).toHaveValue('63');
  // Saving another field leaves the stored 63.380 mi as it was, not rounded to the 63 the box shows.
  await dialog.getByLabel('Location').fill('North depot');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const after = await page.request.get(`/api/fleet/vehicles/${vehicleId}`);
  expect(((await after.json()) as { mileage: number }).mileage).toBe(63.38);
});

test('maintenance due mileage follows the unit: list, schedule and complete', async ({ page }) => {
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  const vehicleId = await addVehicleByApi(page.request, { make: 'Volvo', model: 'FH16', mileage: 50_000 });
  // Due at 45,000 mi: 5,000 mi (8,047 km) overdue.
  const record = await page.request.post('/api/fleet/maintenance', {
    data: { vehicleId, type: 'Tire rotation', dueMileage: 45_000 },
  });
  expect(record.status()).toBe(201);

  await chooseDistanceUnit(page, 'Kilometers');
  await page.goto('/fleet-management?tab=maintenance');
  const row = page.getByTestId('maintenance-row').filter({ hasText: 'Tire rotation' });
  await expect(row).toContainText('72,420 km');
  await expect(row).toContainText('8,047 km over');

  await page.goto('/fleet-management?tab=overview');
  await expect(page.getByTestId('fleet-due-maintenance')).toContainText('at 72,420 km');
  await expect(page.getByTestId('fleet-due-maintenance')).toContainText('8,047 km past due mileage');

  await page.goto('/fleet-management?tab=maintenance');
  await page.getByRole('button', { name: 'Complete Tire rotation' }).click();
  const complete = page.getByRole('dialog', { name: 'Complete Tire rotation' });
  // 50,000 mi = 80,467 km, plus the usual 8,000 km.
  await expect(complete.getByLabel('Next due mileage (km)')).toHaveValue('88467');
  await complete.getByRole('button', { name: 'Mark completed' }).click();
  await expect(complete).toBeHidden();
  await expect(
    page.getByText('Tire rotation is done. The next one is due at 88,467 km.', { exact: true }),
  ).toBeVisible();
  const list = await page.request.get('/api/fleet/maintenance?state=scheduled');
  const items = ((await list.json()) as { items: { dueMileage: number | null }[] }).items;
  // 88,467 km / 1.609344 = 54,970.845 mi, kept to the thousandth.
  expect(items.map((i) => i.dueMileage)).toContain(54_970.845);
});
