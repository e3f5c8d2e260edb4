import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { PROFILE_FIELDS } from '../../src/shared/contracts/staff-customers';
import { createCustomer, signInPageAsStaff, staffApi } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

/** Security & Audit: the audit trail filtered, an entry's diff, the filtered export (docs/audit-logs.md). */

/** A customer whose plan staff changed from Professional to Enterprise: one `update` audit row. */
async function customerWithPlanChange() {
  const customer = await createCustomer({ planId: 'professional' });
  const api = await staffApi();
  try {
    const detail = await api.get(`/api/admin/customers/${customer.id}`);
    expect(detail.status(), await detail.text()).toBe(200);
    const current = (await detail.json()) as Record<string, unknown>;
    const form = Object.fromEntries([...PROFILE_FIELDS, 'status'].map((k) => [k, current[k] ?? '']));
    const changed = await api.put(`/api/admin/customers/${customer.id}`, {
      data: { ...form, planId: 'enterprise', password: '' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return customer;
}

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function filterToPlanChange(page: Page, customerId: string) {
  await page.goto('/admin?tab=audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search audit log' }).fill(customerId);
  await chooseFilter(page, 'Filter by action', 'Update');
  await chooseFilter(page, 'Filter by resource', 'Customer');
  await expect(page).toHaveURL(/category=update/);
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(1);
  return rows.first();
}

test("an admin filters the audit log to a customer's plan change and opens the diff", async ({ page }) => {
  const customer = await customerWithPlanChange();
  await signInPageAsStaff(page);
  const row = await filterToPlanChange(page, customer.id);
  await expect(row).toContainText('update');
  await expectNoSeriousA11yViolations(page, 'Audit Logs');

  await row.getByRole('button', { name: /^Details of entry/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Audit entry #/ });
  await expect(dialog).toBeVisible();
  const planLine = dialog.getByTestId('audit-diff').getByRole('row', { name: /planId/ });
  await expect(planLine).toContainText('professional');
  await expect(planLine).toContainText('enterprise');
  await expect(planLine).toHaveAttribute('data-changed', 'true');
  await expect(dialog).toContainText('admin@motorpool.local');
  await expectNoSeriousA11yViolations(page, 'Audit entry dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The chain is checked on demand and reported on the screen.
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByTestId('audit-verify-result')).toContainText('Chain intact');
});

test('an admin exports the filtered log as CSV', async ({ page }) => {
  const customer = await customerWithPlanChange();
  await signInPageAsStaff(page);
  await filterToPlanChange(page, customer.id);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...rows] = Papa.parse<string[]>(csv.trim()).data;
  expect(header).toEqual(
    expect.arrayContaining(['ID', 'Action', 'Resource Type', 'Resource ID', 'Old Values']),
  );
  const at = (name: string) => header!.indexOf(name);
  expect(rows).toHaveLength(1);
  expect(rows[0]![at('Action')]).toBe('update');
  expect(rows[0]![at('Resource Type')]).toBe('customer');
  expect(rows[0]![at('Resource ID')]).toBe(customer.id);
  expect(JSON.parse(rows[0]![at('Old Values')]!)).toMatchObject({ planId: 'professional' });
  expect(JSON.parse(rows[0]![at('New Values')]!)).toMatchObject({ planId: 'enterprise' });
});
