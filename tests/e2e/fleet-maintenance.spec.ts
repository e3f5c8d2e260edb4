import { expect, test, type APIRequestContext } from '@playwright/test';
import { addVehicleByApi, createCustomer, signInPageAsCustomer } from './support/api';

/** A calendar day (YYYY-MM-DD) `offset` days from today in the browser's (and runner's) timezone. */
function dayFromToday(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const addVehicle = (api: APIRequestContext, make: string, model: string): Promise<string> =>
  addVehicleByApi(api, { make, model, year: 2022, mileage: 42_000 });

test('maintenance due yesterday shows overdue, is completed and the next one is scheduled', async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'starter' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  const vehicleId = await addVehicle(page.request, 'Ford', 'Transit');
  const scheduled = await page.request.post('/api/fleet/maintenance', {
    data: { vehicleId, type: 'Oil change', dueDate: dayFromToday(-1), cost: 89.5 },
  });
  expect(scheduled.status(), `schedule: ${await scheduled.text()}`).toBe(201);

  // The overview lists it as overdue.
  await page.goto('/fleet-management');
  const due = page.getByTestId('fleet-due-maintenance');
  await expect(due.getByTestId('overdue-maintenance').filter({ hasText: 'Oil change' })).toBeVisible();

  // The Maintenance tab shows it in red with how late it is.
  await page.getByRole('tab', { name: 'Maintenance' }).click();
  await page.getByRole('button', { name: 'Overdue', exact: true }).click();
  const overdueRow = page.getByTestId('maintenance-row').filter({ hasText: 'Oil change' });
  await expect(overdueRow).toHaveCount(1);
  await expect(overdueRow).toHaveAttribute('data-state', 'overdue');
  await expect(overdueRow.getByText('Overdue', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(overdueRow).toContainText('1 day overdue');

  // Complete it, scheduling the next one six months on (the prefilled default).
  await overdueRow.getByRole('button', { name: 'Complete Oil change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Oil change' });
  await expect(dialog.getByLabel('Completed date')).toHaveValue(dayFromToday(0));
  await expect(dialog.getByLabel('Schedule the next one')).toBeChecked();
  const nextDue = await dialog.getByLabel('Next due date').inputValue();
  expect(nextDue > dayFromToday(150)).toBe(true);
  await dialog.getByLabel('Cost (USD)').fill('92.40');
  await dialog.getByRole('button', { name: 'Mark completed' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Maintenance completed', { exact: true })).toBeVisible();

  // Nothing is overdue any more; the record is completed and the next one is scheduled.
  await expect(page.getByText('Nothing is overdue.')).toBeVisible();
  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  const done = page.getByTestId('maintenance-row').filter({ hasText: 'Oil change' });
  await expect(done).toHaveCount(1);
  await expect(done).toHaveAttribute('data-state', 'completed');
  await expect(done).toContainText('$92.40');
  await page.getByRole('button', { name: 'Scheduled', exact: true }).click();
  const next = page.getByTestId('maintenance-row').filter({ hasText: 'Oil change' });
  await expect(next).toHaveCount(1);
  await expect(next).toHaveAttribute('data-state', 'scheduled');
  await expect(next.getByRole('button', { name: 'Complete Oil change' })).toBeVisible();

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByTestId('maintenance-row')).toHaveCount(2);
});

test('scheduling asks for a due date or a due mileage', async ({ page }) => {
  const customer = await createCustomer({ planId: 'starter' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await addVehicle(page.request, 'Toyota', 'Hiace');

  await page.goto('/fleet-management?tab=maintenance');
  await expect(page.getByText('No maintenance yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule maintenance' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Schedule maintenance' });
  await dialog.getByRole('combobox', { name: 'Vehicle' }).click();
  await page.getByRole('option', { name: /Toyota Hiace/ }).click();
  await dialog.getByLabel('Type').fill('Tire rotation');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog.getByLabel('Due date')).toHaveAccessibleDescription(
    'Give a due date, a due mileage, or both',
  );

  await dialog.getByLabel('Due mileage (mi)').fill('50000');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('maintenance-row').filter({ hasText: 'Tire rotation' });
  await expect(row).toHaveAttribute('data-state', 'scheduled');
  await expect(row).toContainText('50,000 mi');
});
