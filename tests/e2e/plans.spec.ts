import { expect, test, type Page } from '@playwright/test';
import { createPlan, DEMO_STAFF, signInPageAsStaff, staffApi, uniqueSuffix } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

/** Opens /plans on the Plans Management tab, where every plan is listed (the overview shows five). */
async function openPlansManagement(page: Page): Promise<void> {
  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: 'Subscription Plans Manager' })).toBeVisible();
  await page.getByRole('tab', { name: 'Plans Management' }).click();
}

test('an admin creates a plan in the dialog and it goes on sale on the landing page', async ({ page }) => {
  const suffix = uniqueSuffix();
  const id = `e2e-${suffix}`;
  const name = `Journey Fleet ${suffix}`;
  await signInPageAsStaff(page);
  await openPlansManagement(page);

  await page.getByRole('button', { name: 'Create Plan' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Plan' });
  await dialog.getByLabel('Plan name').fill(name);
  await dialog.getByLabel('Plan id').fill(id);
  await dialog.getByLabel('Description').fill('Created by the plans journey');
  await dialog.getByLabel('Price per month (USD)').fill('123.45');
  await dialog.getByLabel('Vehicle limit').fill('25');
  // Blank user limit: unlimited.
  await expect(dialog.getByRole('switch', { name: 'Vehicle tracking' })).toBeChecked();
  await dialog.getByRole('switch', { name: 'Geofencing' }).click();
  await dialog.getByRole('button', { name: 'Create Plan' }).click();

  await expect(page.getByText('Plan created successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId(`plan-card-${id}`);
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByTestId('plan-price')).toHaveText('$123.45');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Unlimited')).toBeVisible();

  // A second plan with the same id is refused on the id field.
  await page.getByRole('button', { name: 'Create Plan' }).first().click();
  await dialog.getByLabel('Plan name').fill(`${name} again`);
  await dialog.getByLabel('Plan id').fill(id);
  await dialog.getByLabel('Price per month (USD)').fill('10');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog.getByText(/already exists/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/');
  await expect(page.locator('section#pricing').getByText(name).first()).toBeVisible();
});

test('an admin edits a plan in the form (name, description, price, features), duplicates it and deletes the copy', async ({
  page,
}) => {
  const api = await staffApi();
  const plan = await createPlan(api, { price: 49 });
  await api.dispose();
  const renamed = `${plan.name} Renamed`;
  await signInPageAsStaff(page);
  await openPlansManagement(page);

  const card = page.getByTestId(`plan-card-${plan.id}`);
  await card.getByRole('button', { name: `Edit ${plan.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${plan.name}` });
  await expect(dialog.getByLabel('Plan id')).toHaveValue(plan.id);
  await expect(dialog.getByLabel('Plan id')).not.toBeEditable();
  // A name another plan carries is refused on the name field.
  await dialog.getByLabel('Plan name').fill('Professional');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText("A plan named 'Professional' already exists")).toBeVisible();
  await dialog.getByLabel('Plan name').fill(renamed);
  await dialog.getByLabel('Description').fill('Edited by the plans journey');
  await dialog.getByLabel('Price per month (USD)').fill('64.5');
  await dialog.getByRole('switch', { name: 'Geofencing' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Plan updated successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(card.getByText('Edited by the plans journey')).toBeVisible();
  await expect(card.getByTestId('plan-price')).toHaveText('$64.50');

  // The table row's Edit opens the same form with the saved values.
  await page.getByRole('button', { name: 'Table view' }).click();
  await page
    .getByTestId(`plan-row-${plan.id}`)
    .getByRole('button', { name: `Edit ${renamed}` })
    .click();
  const again = page.getByRole('dialog', { name: `Edit ${renamed}` });
  await expect(again.getByLabel('Description')).toHaveValue('Edited by the plans journey');
  await expect(again.getByRole('switch', { name: 'Geofencing' })).toBeChecked();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Grid view' }).click();

  await card.getByRole('button', { name: `Duplicate ${renamed}` }).click();
  await expect(page.getByText('Plan duplicated successfully', { exact: true })).toBeVisible();
  const copy = page.getByTestId(`plan-card-${plan.id}-copy`);
  await expect(copy.getByRole('heading', { name: `${renamed} (Copy)` })).toBeVisible();
  await expect(copy.getByText('Inactive', { exact: true })).toBeVisible();

  await copy.getByRole('button', { name: `Delete ${renamed} (Copy)` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('keep their plan');
  await confirm.getByRole('button', { name: 'Delete plan' }).click();
  await expect(page.getByText('Plan deleted successfully', { exact: true })).toBeVisible();
  await expect(copy).toHaveCount(0);
  await expect(card).toBeVisible();
});

test('a manager sees the plans but cannot change them', async ({ page }) => {
  await signInPageAsStaff(page, DEMO_STAFF.manager);
  await openPlansManagement(page);

  await expect(page.getByTestId('plan-card-professional')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Plan' })).toBeDisabled();
  await expect(page.getByText(/View only/)).toBeVisible();
  const card = page.getByTestId('plan-card-professional');
  await expect(card.getByRole('button', { name: /^View / })).toBeVisible();
  await expect(card.getByRole('button', { name: /^(Edit|Delete|Duplicate) / })).toHaveCount(0);
});

test('the plans manager offers only the tabs that work: no Analytics or Settings saying "coming soon"', async ({
  page,
}) => {
  await signInPageAsStaff(page);
  await page.goto('/plans');
  await expect(page.getByRole('tab', { name: 'Plans Management' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Plans Management']);
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
});

test('the plans manager has no serious or critical accessibility violations', async ({ page }) => {
  await signInPageAsStaff(page);
  await openPlansManagement(page);
  await expect(page.getByTestId('plan-card-professional')).toBeVisible();
  for (const view of ['Grid view', 'Table view']) {
    await page.getByRole('button', { name: view }).click();
    await expectNoSeriousA11yViolations(page, view);
  }
});
