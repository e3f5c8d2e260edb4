import { expect, test } from '@playwright/test';
import { DEMO_STAFF, signInPageAsStaff, staffApi, uniqueSuffix } from './support/api';

/** System Settings (docs/system-settings.md): API keys masked, and the admin-only screens. */

test('an admin saves an API key and, after a reload, sees only its last four characters', async ({
  page,
}) => {
  const key = `SG.e2e-${uniqueSuffix()}-${Date.now()}`;
  const lastFour = key.slice(-4);
  await signInPageAsStaff(page, DEMO_STAFF.admin);
  await page.goto('/admin?tab=settings&view=api-keys');
  await expect(page.getByRole('heading', { level: 2, name: 'API Keys' })).toBeVisible();

  await page.getByLabel('SendGrid API key').fill(key);
  await page.getByRole('button', { name: 'Save API settings' }).click();
  await expect(page.getByText('API Settings Updated', { exact: true })).toBeVisible();
  await expect(page.getByLabel('SendGrid API key')).toHaveValue('');

  await page.reload();
  await expect(page.getByTestId('saved-sendgridApiKey')).toHaveText(`Saved: ••••${lastFour}`);
  // The key is nowhere on the page, nor in the answer the page read.
  await expect(page.locator('body')).not.toContainText(key.slice(0, -4));
  const api = await staffApi();
  try {
    const answer = await (await api.get('/api/admin/api-settings')).text();
    expect(answer).toContain(`••••${lastFour}`);
    expect(answer).not.toContain(key.slice(0, -4));
  } finally {
    await api.dispose();
  }

  // Clear asks first, then removes the key and says so.
  await page
    .getByRole('group', { name: 'Email and AI' })
    .getByRole('button', { name: 'Clear' })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Remove the SendGrid API key?');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('SendGrid API key removed', { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('saved-sendgridApiKey')).toHaveText('Not set');
});

test('saving one security setting sends that field alone: the others keep following the environment', async ({
  page,
}) => {
  await signInPageAsStaff(page, DEMO_STAFF.admin);
  await page.goto('/admin?tab=settings&view=security');
  const retention = page.getByLabel('Audit log retention (days)');
  await expect(retention).not.toHaveValue('');
  const next = (await retention.inputValue()) === '400' ? '401' : '400';
  await retention.fill(next);
  const put = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/admin/security-settings'),
  );
  await page.getByRole('button', { name: 'Save security settings' }).click();
  expect((await put).postDataJSON()).toEqual({ auditRetentionDays: Number(next) });
  await expect(page.getByText('Settings Updated', { exact: true })).toBeVisible();
  await expect(retention).toHaveValue(next);
});

test('a manager is refused Security & Audit and System Settings', async ({ page }) => {
  await signInPageAsStaff(page, DEMO_STAFF.manager);
  for (const path of ['/admin?tab=settings', '/admin?tab=audit', '/admin/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this section")).toBeVisible();
  }
  for (const url of [
    '/api/admin/general-settings',
    '/api/admin/api-settings',
    '/api/admin/security-settings',
  ]) {
    const res = await page.request.get(url);
    expect(res.status()).toBe(403);
  }
  const put = await page.request.put('/api/admin/general-settings', {
    data: { companyName: 'Taken over' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(put.status()).toBe(403);
  expect(await put.json()).toEqual({ message: "You don't have permission to access this section" });
});
