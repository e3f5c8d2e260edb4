import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  addVehicleByApi,
  createCustomer,
  signInPageAsCustomer,
  uniquePlate,
  uniqueSuffix,
  uniqueVin,
} from './support/api';

/** The list's journeys show fuel and location: every seeded vehicle has them. */
const seedVehicle = (
  api: APIRequestContext,
  vehicle: { make: string; model: string; status?: string; mileage?: number },
) => addVehicleByApi(api, { fuelLevel: 80, location: 'Depot', ...vehicle });

async function fillVehicleForm(page: Page, v: { make: string; model: string; plate: string }) {
  const dialog = page.getByRole('dialog', { name: 'Add vehicle' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Make').fill(v.make);
  await dialog.getByLabel('Model').fill(v.model);
  await dialog.getByLabel('Year').fill('2022');
  await dialog.getByLabel('VIN').fill(uniqueVin());
  await dialog.getByLabel('License plate').fill(v.plate);
  await dialog.getByLabel('Mileage (mi)').fill('1200');
  return dialog;
}

test('a Starter customer fills the plan, is told so before the form, upgrades and adds the 6th', async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'starter' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  for (let i = 1; i <= 3; i++) await seedVehicle(page.request, { make: 'Ford', model: `Transit ${i}` });

  await page.goto('/fleet-management?tab=vehicles');
  await expect(page).toHaveTitle(/Fleet Management/);
  await expect(page.getByRole('heading', { level: 1, name: customer.companyName })).toBeVisible();
  await expect(page.getByTestId('vehicle-range')).toHaveText('1–3 of 3');

  // The 4th vehicle through the form.
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  let dialog = await fillVehicleForm(page, { make: 'Toyota', model: 'Hiace', plate: uniquePlate() });
  await dialog.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Vehicle added', { exact: true })).toBeVisible();
  await expect(page.getByTestId('vehicle-range')).toHaveText('1–4 of 4');

  // The form opened with room left, but someone else took the last place meanwhile: the server's
  // refusal names the limit and the plan, in the dialog.
  const sixthPlate = uniquePlate();
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  dialog = await fillVehicleForm(page, { make: 'Mercedes', model: 'Sprinter', plate: sixthPlate });
  await seedVehicle(page.request, { make: 'Ford', model: 'Transit 5' });
  await dialog.getByRole('button', { name: 'Add vehicle' }).click();
  const refusal = dialog.getByTestId('vehicle-limit-refusal');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Starter');
  await expect(refusal).toContainText('5');
  await expect(refusal.getByRole('link', { name: 'Upgrade plan' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('vehicle-range')).toHaveText('1–5 of 5');

  // At the limit, 'Add vehicle' says so before any field, with the way to upgrade.
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  dialog = page.getByRole('dialog', { name: 'Add vehicle' });
  const notice = dialog.getByTestId('vehicle-limit-notice');
  await expect(notice).toContainText('Your Starter plan allows 5 vehicles and you have 5.');
  await expect(dialog.getByLabel('Make')).toHaveCount(0);

  // The way out: the portal's Plans tab, where the trial makes the upgrade free.
  await notice.getByRole('link', { name: 'Upgrade plan' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\?tab=plans$/);
  await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Upgrade to Professional?' });
  await expect(confirm).toContainText('free trial');
  await confirm.getByRole('button', { name: 'Upgrade to Professional' }).click();
  await expect(page.getByText('Upgrade Successful', { exact: true })).toBeVisible();

  // Back in the fleet app the 6th vehicle fits.
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/fleet-management/);
  await page.getByRole('tab', { name: 'Vehicles' }).click();
  await expect(page).toHaveURL(/\?tab=vehicles$/);
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  dialog = await fillVehicleForm(page, { make: 'Mercedes', model: 'Sprinter', plate: sixthPlate });
  await dialog.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('vehicle-range')).toHaveText('1–6 of 6');
  await expect(page.getByRole('row').filter({ hasText: sixthPlate })).toContainText('Mercedes Sprinter');

  // The overview counts them against Professional's 15.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('count-total')).toContainText('6');
  await expect(page.getByTestId('fleet-plan-usage')).toContainText('6 of 15');
});

test('search and status filter narrow the list on the server, and an edited mileage shows', async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  const tag = uniqueSuffix().slice(-6).toUpperCase();
  await seedVehicle(page.request, { make: 'Volvo', model: `FH${tag}` });
  await seedVehicle(page.request, { make: 'Scania', model: 'R450', status: 'maintenance' });
  await seedVehicle(page.request, { make: 'Iveco', model: 'Daily', status: 'inactive' });

  await page.goto('/fleet-management?tab=vehicles');
  await expect(page.getByTestId('vehicle-range')).toHaveText('1–3 of 3');

  // The search goes to the server (debounced) and the address keeps it.
  const searched = page.waitForRequest(
    (r) => r.url().includes('/api/fleet/vehicles?') && r.url().includes(`search=FH${tag}`),
  );
  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(`FH${tag}`);
  await searched;
  await expect(page.getByTestId('vehicle-range')).toHaveText('1–1 of 1');
  await expect(page.getByTestId('vehicle-row')).toHaveCount(1);
  await expect(page.getByTestId('vehicle-row')).toContainText('Volvo');
  await expect(page).toHaveURL(new RegExp(`q=FH${tag}`));

  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('');
  await expect(page.getByTestId('vehicle-range')).toHaveText('1–3 of 3');

  const filtered = page.waitForRequest(
    (r) => r.url().includes('/api/fleet/vehicles?') && r.url().includes('status=maintenance'),
  );
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Maintenance' }).click();
  await filtered;
  await expect(page.getByTestId('vehicle-range')).toHaveText('1–1 of 1');
  await expect(page.getByTestId('vehicle-row')).toContainText('Scania R450');

  // Edit the mileage of that vehicle; the list shows the new value.
  await page.getByRole('button', { name: /^Actions for Scania R450/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Scania R450' });
  await dialog.getByLabel('Mileage (mi)').fill('123456');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('vehicle-row').getByTestId('vehicle-mileage')).toHaveText('123,456 mi');
});
