import { expect, test, type Page } from '@playwright/test';
import { signInPageAsStaff, staffApi, uniqueSuffix } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

/**
 * The operations sub-tabs of Billing & Payments and Advanced Analytics (issue 12;
 * docs/payment-operations.md, docs/usage-analytics.md).
 */

async function openPayments(page: Page, view: string): Promise<void> {
  await page.goto(`/admin?tab=payments&view=${view}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Management' })).toBeVisible({
    timeout: 15_000,
  });
}

test('an admin adds an expense and sees it at the top of the expense history', async ({ page }) => {
  const description = `Database backup storage ${uniqueSuffix()}`;
  await signInPageAsStaff(page);
  await openPayments(page, 'expenses');
  await expect(page.getByTestId('integration-status')).toHaveText('connected');
  await expect(page.getByText('Database size now')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Expenses');

  await page.getByRole('button', { name: 'Add expense' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add expense' });
  // Everything is required: the form says so under each field and sends nothing.
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Description is required' })).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Choose a category' })).toBeVisible();

  await dialog.getByLabel('Date').fill('2026-11-20');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Database' }).click();
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Amount ($)').fill('12.34');
  await expectNoSeriousA11yViolations(page, 'Add expense dialog');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Expense added').first()).toBeVisible();

  const row = page.getByTestId('expense-row').filter({ hasText: description });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$12.34');
  // It is in the ledger the server keeps, not only on the page.
  await page.reload();
  await expect(page.getByTestId('expense-row').filter({ hasText: description })).toBeVisible();
});

test('the reconciliation follows the chosen tolerance, and keeps it on reload', async ({ page }) => {
  await signInPageAsStaff(page);
  await openPayments(page, 'reconciliation');
  await expect(page.getByTestId('reconcile-matched')).not.toContainText('\u2014');
  await expectNoSeriousA11yViolations(page, 'Reconciliation');

  const answered = page.waitForResponse(
    (res) => res.url().includes('/api/admin/reconciliation') && res.url().includes('tolerance=5'),
  );
  await page.getByRole('combobox', { name: 'Tolerance' }).click();
  await expect(page.getByRole('option')).toHaveText(['$0.01', '$1.00', '$5.00']);
  await page.getByRole('option', { name: '$5.00' }).click();
  const body = await (await answered).json();
  expect(body.tolerance).toBe(5);
  await expect(page.getByTestId('reconcile-flagged')).toContainText(`Differ by more than $5.00`);
  await expect(page.getByTestId('reconcile-flagged')).toContainText(String(body.flagged));
  await expect(page.getByTestId('reconcile-matched')).toContainText(String(body.matched));
  await expect(page).toHaveURL(/reconcile\.tolerance=5/);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Tolerance' })).toHaveText('$5.00');
});

test("Advanced Analytics shows the demo customer's plan with its fleet", async ({ page }) => {
  // What the demo customer's account holds, read as staff read it.
  const api = await staffApi();
  const usage = await (await api.get('/api/admin/usage-analytics')).json();
  await api.dispose();
  const plan = usage.byPlan.find((p: { planId: string }) => p.planId === 'professional');
  expect(plan.customers).toBeGreaterThanOrEqual(1);

  await signInPageAsStaff(page);
  await page.goto('/admin?tab=analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced Analytics' })).toBeVisible({
    timeout: 15_000,
  });
  const row = page.getByTestId('plan-usage-row').filter({ hasText: 'Professional' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(String(plan.vehicles));
  await expect(page.getByRole('heading', { name: 'Upgrade candidates' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Advanced Analytics');
});

test('a sales member is refused the operations data', async ({ page }) => {
  await signInPageAsStaff(page, 'sales@motorpool.local');
  const res = await page.request.get('/api/admin/expenses');
  expect(res.status()).toBe(403);
});
