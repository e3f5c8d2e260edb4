import { expect, test } from '@playwright/test';
import {
  addVehicleByApi,
  createCustomer,
  signInPageAsCustomer,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueSuffix,
} from './support/api';

/*
 * The small things of issue 9 a customer notices (docs/decisions/0005-customer-side-small-things.md).
 */

test("the maintenance Type is the product's combobox: suggestions by keyboard and pointer, or free text", async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'starter' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await addVehicleByApi(page.request, { make: 'Iveco', model: 'Daily' });

  await page.goto('/fleet-management?tab=maintenance');
  const schedule = async () => {
    await page.getByRole('button', { name: 'Schedule maintenance' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Schedule maintenance' });
    await dialog.getByRole('combobox', { name: 'Vehicle' }).click();
    await page.getByRole('option', { name: /Iveco Daily/ }).click();
    return dialog;
  };

  // Typing narrows the suggestions; Down and Enter pick one.
  let dialog = await schedule();
  const type = dialog.getByRole('combobox', { name: 'Type' });
  await type.fill('brak');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option')).toHaveText(['Brake inspection']);
  await type.press('ArrowDown');
  await expect(type).toHaveAttribute('aria-activedescendant', /.+/);
  await type.press('Enter');
  await expect(type).toHaveValue('Brake inspection');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();

  // The chevron shows every suggestion; a click picks one; Escape closes the list, not the dialog.
  await dialog.getByRole('button', { name: 'Show suggestions' }).click();
  await expect(list.getByRole('option')).toHaveCount(8);
  await list.getByRole('option', { name: 'Oil change' }).click();
  await expect(type).toHaveValue('Oil change');
  await type.press('ArrowDown');
  await expect(list).toBeVisible();
  await type.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Due mileage (mi)').fill('60000');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('maintenance-row').filter({ hasText: 'Oil change' })).toHaveCount(1);

  // Any other type is typed in full and kept as typed.
  dialog = await schedule();
  await dialog.getByRole('combobox', { name: 'Type' }).fill('Tachograph calibration');
  await dialog.getByLabel('Due mileage (mi)').fill('70000');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('maintenance-row').filter({ hasText: 'Tachograph calibration' })).toHaveCount(
    1,
  );
});

test('the sign-up success toast is seen, and the login page welcome follows it', async ({ page }) => {
  const email = uniqueEmail('toast');
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('First name').fill('Toni');
  await dialog.getByLabel('Last name').fill('Toast');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('5550100177');
  await dialog.getByLabel('Company name').fill(`Toast Fleet ${uniqueSuffix()}`);
  await dialog.getByLabel(/^Password/).fill(TEST_PASSWORD);
  await dialog.getByLabel(/^Confirm password/).fill(TEST_PASSWORD);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/customer-login\?email=[^&]+&auto=true$/);
  const toasts = page.getByRole('region', { name: /Notifications/ });
  const created = toasts.getByText('Your account has been created successfully!');
  await expect(created).toBeVisible();
  await expect(toasts.getByText('Welcome to Motorpool!', { exact: true })).toBeVisible();
  // Not replaced by the login page's own welcome a moment later.
  await page.waitForTimeout(1500);
  await expect(created).toBeVisible();
  // When it has had its time, the login page's welcome asks for the password.
  await expect(toasts.getByText('Please enter your password to sign in.', { exact: false })).toBeVisible({
    timeout: 8000,
  });
  await expect(created).toBeHidden();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
});

test("the 'Missing fields' toast goes once the messages under the fields take over", async ({ page }) => {
  for (const path of ['/customer-login', '/admin-login']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const missing = page.getByText('Please enter both email and password', { exact: true });
    await expect(missing).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');

    // The first keystroke: the field's own message follows the typing, and the toast is gone.
    await page.getByLabel('Email').pressSequentially('a');
    await expect(missing).toBeHidden();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Password is required',
    );

    // Either box empty is enough: an email with no password says so too.
    await page.goto(path);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Missing fields', { exact: true })).toBeVisible();
    await expect(missing).toBeVisible();
  }
});

test('the password strength reads as a label, a value and a hint, apart, on a phone and a desktop', async ({
  page,
}) => {
  const customer = await createCustomer({}, page.request);
  // The screen reads the signed-in customer the sign-in page stores.
  await page.goto('/customer-login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard/);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/change-password');
    await page.getByLabel('New password', { exact: true }).fill('abc');
    const line = page.getByTestId('password-strength-line');
    await expect(line).toHaveText('Password strength: Weak');
    const label = await line.getByText('Password strength:').boundingBox();
    const value = await page.getByTestId('password-strength').boundingBox();
    const hint = await page.getByTestId('password-strength-hint').boundingBox();
    if (!label || !value || !hint) throw new Error('the strength texts are not laid out');
    // A space's width between label and value, and the hint on its own line below them.
    expect(value.x - (label.x + label.width)).toBeGreaterThanOrEqual(3);
    expect(hint.y).toBeGreaterThanOrEqual(value.y + value.height - 1);
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
      /Password strength: Weak Use 8\+ characters/,
    );
  }
});

test('the landing page makes its promises: 99.9% uptime and 24/7 support', async ({ page }) => {
  await page.goto('/');
  const claims = page.getByRole('list', { name: 'Our promises' });
  await expect(claims.getByRole('listitem')).toHaveText(['99.9% uptime', '24/7 support']);
});

test('Watch Demo walks through the real screens and ends at the sign-up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const tour = page.getByRole('dialog', { name: 'A tour of Motorpool' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('Step 1 of 7 · Fleet app · Overview');
  // It does not just scroll the page to Features.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  const stops = ['Vehicles', 'Drivers', 'Maintenance', 'Import/Export', 'Team'];
  for (const [i, where] of stops.entries()) {
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour).toContainText(`Step ${i + 2} of 7 · Fleet app · ${where}`);
  }
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour).toContainText('Step 7 of 7 · Customer portal');
  await expect(tour.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(tour.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/customer-login');
  // Back, and the dots jump to any stop.
  await tour.getByRole('button', { name: 'Back' }).click();
  await expect(tour).toContainText('Step 6 of 7');
  await tour.getByRole('button', { name: 'Step 7: Customer portal' }).click();

  await tour.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(tour).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
});

test('settings offer only what exists: no Default view, push or marketing, and notifications say what is always sent', async ({
  page,
}) => {
  const customer = await createCustomer({}, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await page.goto('/customer-dashboard?tab=settings');

  const notifications = page
    .getByRole('heading', { name: 'Notification preferences' })
    .locator('xpath=../../..');
  await expect(notifications.getByTestId('settings-group-note')).toHaveText(
    'Always sent, whatever these switches say: password resets and password changes, team invitations, payment links and requests sent to you, and replies to your support tickets.',
  );
  await expect(notifications.getByRole('switch')).toHaveCount(2);
  for (const name of ['Account emails', 'Security alerts']) {
    await expect(notifications.getByRole('switch', { name })).toBeVisible();
  }
  await expect(page.getByRole('switch', { name: 'Marketing emails' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Push notifications' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Default view' })).toHaveCount(0);
  await expect(page.getByText('Default view')).toHaveCount(0);
  // Nor settings nothing reads yet: export format, data retention, monthly report emails.
  await expect(page.getByRole('combobox', { name: 'Export format' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Data retention' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Auto-export reports' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Auto refresh' })).toBeVisible();
  // The rest of the fleet preferences stay.
  await expect(page.getByRole('combobox', { name: 'Distance unit' })).toBeVisible();
});
