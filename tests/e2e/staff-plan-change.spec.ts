import { expect, test } from '@playwright/test';
import { DEMO_STAFF, signInPageAsStaff } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { activeCustomerInBrowser } from './support/subscribed-customer';

/**
 * Staff change a paying customer's plan on billing's rules (docs/staff-customers.md "Plan changes"):
 * the Edit dialog locks the plan and offers Change plan, which previews the amount, charges the
 * upgrade to the customer's card, and schedules a downgrade for the end of the paid period.
 */
test("an admin upgrades a paying customer's plan with the previewed charge, then schedules a downgrade", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customer = await activeCustomerInBrowser(customerPage, 'starter');

  await signInPageAsStaff(page, DEMO_STAFF.admin);
  await page.goto('/admin?tab=customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.email);
  const card = page.getByTestId('customer-card').filter({ hasText: customer.email });
  await card.getByRole('button', { name: `Edit ${customer.companyName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });

  // A paying customer's plan is not a field to save: it is locked, and Change plan goes through billing.
  const planSelect = edit.getByRole('combobox', { name: 'Plan' });
  await expect(planSelect).toContainText('Starter');
  await expect(planSelect).toBeDisabled();
  await edit.getByRole('button', { name: 'Change plan…' }).click();

  const change = page.getByRole('alertdialog', { name: `Change ${customer.companyName}'s plan` });
  await expect(change.getByRole('button', { name: 'Change plan' })).toBeDisabled();
  await change.getByRole('combobox', { name: 'New plan' }).click();
  await page.getByRole('option', { name: /^Professional/ }).click();
  const today = change.getByTestId('preview-today');
  await expect(today).toContainText('Visa ending in 4242');
  await expect(change.getByTestId('preview-monthly')).toContainText('$189.00/month');
  const amount = /\$\d+\.\d{2}/.exec((await today.textContent()) ?? '')?.[0];
  expect(amount).toBeTruthy();
  await expectNoSeriousA11yViolations(page, 'staff plan change with its preview');
  await change.getByRole('button', { name: 'Upgrade to Professional' }).click();

  await expect(page.getByText('Plan Upgraded', { exact: true })).toBeVisible();
  // The toasts themselves, not their copy in the screen reader's live region.
  const toasts = page.locator('[data-slot="toast-viewport"]');
  await expect(
    toasts.getByText(
      `${customer.companyName} is now on the Professional plan. ${amount} was charged for the rest of this period.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(change).toBeHidden();
  // The open form follows the server: the plan is Professional, and saving keeps it.
  await expect(planSelect).toContainText('Professional');
  await expect(edit.getByTestId('vehicle-limit')).not.toHaveValue('');
  await edit.getByRole('button', { name: 'Update Customer' }).click();
  await expect(page.getByText('Customer Updated', { exact: true })).toBeVisible();
  await expect(card).toContainText('Professional');

  // The customer sees the charge, at the amount staff were shown.
  await customerPage.goto('/customer-dashboard?tab=billing');
  const upgradeRow = customerPage
    .getByTestId('recent-transactions')
    .getByRole('listitem')
    .filter({ hasText: 'Upgrade to Professional (prorated)' });
  await expect(upgradeRow).toContainText(amount!);
  await expect(upgradeRow).toContainText('Paid');

  // A downgrade charges nothing and waits for the end of the paid period.
  await card.getByRole('button', { name: `Edit ${customer.companyName}` }).click();
  await edit.getByRole('button', { name: 'Change plan…' }).click();
  await change.getByRole('combobox', { name: 'New plan' }).click();
  await page.getByRole('option', { name: /^Starter/ }).click();
  await expect(change.getByTestId('preview-today')).toContainText('$0.00');
  await expect(change.getByTestId('preview-today')).toContainText('Nothing changes until');
  await change.getByRole('button', { name: 'Schedule Starter' }).click();
  await expect(page.getByText('Plan Change Scheduled', { exact: true })).toBeVisible();
  await expect(toasts.getByText(`${customer.companyName}'s plan changes to Starter on`)).toBeVisible();
  await expect(planSelect).toContainText('Professional');

  await customerPage.goto('/customer-dashboard?tab=plans');
  await expect(customerPage.getByTestId('current-plan')).toContainText('Professional');
  await expect(customerPage.getByTestId('scheduled-change')).toContainText('Changes to Starter on');
  await expect(customerPage.getByTestId('plan-card-starter')).toContainText('Scheduled');
  await customerContext.close();
});
