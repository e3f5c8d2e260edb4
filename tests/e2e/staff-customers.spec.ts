import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCustomer, DEMO_STAFF, signInPageAsStaff, uniqueEmail, uniqueSuffix } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

/** The customers screen and the customer dialogs (spec 2 §2, §4, §5, §8). */

const NEW_PASSWORD = 'Own#Password2026';

async function openCustomers(page: Page): Promise<void> {
  await page.goto('/admin?tab=customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Management' })).toBeVisible();
}

/** The card of one customer, found through the screen's search (the list is paged on the server). */
async function cardOf(page: Page, email: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(email);
  const card = page.getByTestId('customer-card').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('customer-card')).toHaveCount(1);
  return card;
}

test('an admin adds a customer with a generated password; the customer sets their own; Edit shows it', async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const email = uniqueEmail('added');
  const company = `Added Fleet ${suffix}`;
  await signInPageAsStaff(page);
  await openCustomers(page);

  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await expect(dialog.getByRole('combobox', { name: 'Plan' })).toContainText('Professional');
  await expectNoSeriousA11yViolations(page, 'Add Customer dialog');
  const create = dialog.getByRole('button', { name: 'Create Customer' });
  // Spec 2 §5: Create waits for email, first and last name.
  await expect(create).toBeDisabled();
  // New customers start on Professional, active, in the US, with the plan's limits shown read-only.
  await expect(dialog.getByRole('combobox', { name: 'Plan' })).toContainText('Professional');
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
  await expect(dialog.getByRole('combobox', { name: 'Country' })).toHaveText('United States');
  await expect(dialog.getByLabel('Vehicle limit')).toHaveValue('15');
  await expect(dialog.getByLabel('User limit')).toHaveValue('5');
  await expect(dialog.getByLabel('Vehicle limit')).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('checkbox', { name: 'Vehicle tracking' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Fuel management' })).not.toBeChecked();

  await dialog.getByLabel('First name').fill('Casey');
  await dialog.getByLabel('Last name').fill(`Owner${suffix}`);
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Company name').fill(company);
  await expect(create).toBeEnabled();

  await dialog.getByRole('button', { name: 'Generate' }).click();
  const password = await dialog.getByLabel('Password', { exact: true }).inputValue();
  // Spec 2 §5: 12 characters, 8 lowercase letters or digits and 4 uppercase letters.
  expect(password).toMatch(/^[a-zA-Z0-9]{12}$/);
  expect(password.replace(/[^A-Z]/g, '')).toHaveLength(4);
  await create.click();

  const created = page.getByRole('dialog', { name: 'Customer Created' });
  await expect(created.getByTestId('temporary-password')).toHaveText(password);
  await created.getByRole('button', { name: 'Done' }).click();

  const card = await cardOf(page, email);
  await expect(card.getByRole('heading', { name: company })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'customers screen');
  await expect(card.getByTestId('customer-status')).toHaveText('Active');
  await expect(card.getByTestId('customer-plan')).toHaveText('Professional');
  await expect(card.getByTestId('customer-vehicles')).toHaveText('0 / 15');

  // Until the customer sets their own, Edit shows the temporary password to hand on.
  await card.getByRole('button', { name: `Edit ${company}` }).click();
  let edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit.getByTestId('password-state')).toContainText('Using Temporary Password');
  await expect(edit.getByTestId('temporary-password')).toHaveText(password);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // The customer signs in with it and is asked to set their own password.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto('/customer-login');
  await customer.getByLabel('Email').fill(email);
  await customer.getByLabel('Password', { exact: true }).fill(password);
  await customer.getByRole('button', { name: 'Sign In' }).click();
  await expect(customer).toHaveURL(/\/change-password/);
  await customer.getByLabel('Current (temporary) password').fill(password);
  await customer.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await customer.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await customer.getByRole('button', { name: 'Change Password' }).click();
  await expect(customer).toHaveURL(/\/customer-dashboard$/);
  await customerContext.close();

  // The temporary password is gone; Edit says the customer set theirs.
  await card.getByRole('button', { name: `Edit ${company}` }).click();
  edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit.getByTestId('password-state')).toContainText('Password Set by Customer');
  await expect(edit.getByTestId('temporary-password')).toHaveCount(0);
});

test('the demo manager edits a customer and sees Customer Updated', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  const company = `Renamed Fleet ${uniqueSuffix()}`;
  await signInPageAsStaff(page, DEMO_STAFF.manager);
  await openCustomers(page);

  const card = await cardOf(page, customer.email);
  await card.getByRole('button', { name: `Edit ${customer.companyName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit.getByLabel('Company name')).toHaveValue(customer.companyName);
  await expect(edit.getByLabel('Email')).toHaveValue(customer.email);
  await expectNoSeriousA11yViolations(page, 'Edit Customer dialog');
  await edit.getByLabel('Company name').fill(company);
  await edit.getByLabel('City').fill('Portland');
  // Issue 11: the customer's sales representative, None until one is chosen.
  const salesRep = edit.getByRole('combobox', { name: 'Sales representative' });
  await expect(salesRep).toHaveText('None');
  await salesRep.click();
  await page.getByRole('option', { name: /^Sam Sales( \(sales@motorpool\.local\))?$/ }).click();
  await edit.getByRole('button', { name: 'Update Customer' }).click();

  await expect(page.getByText('Customer Updated', { exact: true })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card.getByRole('heading', { name: company })).toBeVisible();
  await expect(card.getByTestId('customer-sales-rep')).toContainText('Sam Sales');

  // An empty name keeps Update disabled (spec 2 §5).
  await card.getByRole('button', { name: `Edit ${company}` }).click();
  await expect(edit.getByLabel('City')).toHaveValue('Portland');
  await edit.getByLabel('First name').fill('');
  await expect(edit.getByRole('button', { name: 'Update Customer' })).toBeDisabled();
});

test('an admin suspends a customer, who cannot sign in, then reactivates them', async ({ page, browser }) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsStaff(page);
  await openCustomers(page);
  const card = await cardOf(page, customer.email);

  await card.getByRole('button', { name: `More actions for ${customer.companyName}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Reactivate' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Suspend' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Suspend ${customer.companyName}?` });
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Customer Suspended', { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card.getByTestId('customer-status')).toHaveText('Suspended');

  // The customer's own sign-in says why it is refused.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto('/customer-login');
  await customerPage.getByLabel('Email').fill(customer.email);
  await customerPage.getByLabel('Password', { exact: true }).fill(customer.password);
  await customerPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(customerPage.getByText('This account is suspended. Please contact support.')).toBeVisible();
  await expect(customerPage).toHaveURL(/\/customer-login/);
  await customerContext.close();

  await card.getByRole('button', { name: `More actions for ${customer.companyName}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Suspend' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Reactivate' }).click();
  await page
    .getByRole('alertdialog', { name: `Reactivate ${customer.companyName}?` })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(page.getByText('Customer Reactivated', { exact: true })).toBeVisible();
  await expect(card.getByTestId('customer-status')).toHaveText('Active');

  const signIn = await page.request.post('/api/auth/dealer-login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(signIn.status()).toBe(200);
});

test('an admin deletes a customer after the spec confirmation', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsStaff(page);
  await openCustomers(page);
  const card = await cardOf(page, customer.email);

  await card.getByRole('button', { name: `More actions for ${customer.companyName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${customer.companyName}?` });
  await expect(confirm).toContainText(
    'Are you sure you want to permanently delete the company? This action cannot be undone and will remove all customer data, fleet information, and activity logs.',
  );
  await confirm.getByRole('button', { name: 'Delete Company' }).click();
  await expect(page.getByText('Customer Deleted', { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No customers match' })).toBeVisible();

  const signIn = await page.request.post('/api/auth/dealer-login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(signIn.ok()).toBe(false);
});

test('filters live in the address and Export downloads the customers they match', async ({ page }) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsStaff(page);
  await openCustomers(page);
  await expect(page.getByTestId('stat-total')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.email);
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await page.getByRole('combobox', { name: 'Sort customers' }).click();
  await page.getByRole('option', { name: 'Company A–Z' }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(/sort=companyName/);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(customer.email).replace(/\./g, '\\.')}`));
  await expect(page.getByTestId('customer-card')).toHaveCount(1);

  // A reload brings the same narrowed list back.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search customers' })).toHaveValue(customer.email);
  await expect(page.getByTestId('customer-card')).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export' }).click();
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  expect(csv).toContain(customer.email);
  // The other customers are not in it: the demo customer does not match the search.
  expect(csv).not.toContain('demo@fleetco.example');

  // A filter with no match says so and offers the way back.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(page.getByRole('heading', { name: 'No customers match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('');
  await expect(page.getByTestId('customer-card').first()).toBeVisible();
});

test('the Customer Fleet sub-tab opens one customer at a time, with its information and actions', async ({
  page,
}) => {
  const first = await createCustomer({}, page.request);
  const second = await createCustomer({ lastName: first.lastName }, page.request);
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=fleet');
  await expect(page.getByRole('tab', { name: 'Customer Fleet', selected: true })).toBeVisible();
  await expect(page.getByTestId('stat-total-customers')).toBeVisible();

  // Both customers share the last name, so one search finds the two of them.
  await page.getByRole('searchbox', { name: 'Search customer fleets' }).fill(first.lastName);
  const rows = page.getByTestId('customer-fleet-row');
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: first.email });
  const other = rows.filter({ hasText: second.email });
  await expect(row.getByTestId('customer-status')).toHaveText('Active');
  await expect(row.getByTestId('online')).toHaveText('Online');
  await expect(row.getByTestId('customer-plan')).toHaveText('Professional');

  const toggle = row.getByRole('button', { name: first.companyName, exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await expect(row.getByRole('heading', { name: 'Fleet Information' })).toBeVisible();
  await expect(
    row.getByRole('button', { name: `Open ${first.companyName}'s fleet app as staff` }),
  ).toBeVisible();

  // Opening the other row closes this one; a click anywhere on a row opens it too.
  await other.getByTestId('customer-users').click();
  await expect(other.getByRole('button', { name: second.companyName, exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(row.getByRole('heading', { name: 'Contact Information' })).toHaveCount(0);

  // Edit from the open row is the same dialog as on the customers screen.
  await other.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit.getByLabel('Email')).toHaveValue(second.email);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await other.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Company' }).click();
  await expect(page.getByText('Customer Deleted', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
});
