import { expect, test } from '@playwright/test';
import { DEMO_STAFF, signInPageAsStaff, staffApi, uniqueSuffix } from './support/api';

/** System Settings (spec 3 §2; docs/system-settings.md): API keys masked, and the admin-only screens. */

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
