import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

const pages = [
  { path: '/', name: 'landing page' },
  { path: '/customer-login', name: 'customer sign-in' },
  { path: '/admin-login', name: 'staff sign-in' },
];

for (const { path, name } of pages) {
  test(`the ${name} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root > *').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  });
}

// The page scans leave toasts out (support/axe.ts); here they are scanned alone, once fully shown.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`toasts, refused and succeeded, read with enough contrast in ${colorScheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/admin-login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter both email and password', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `refused toast, ${colorScheme}`, {
      only: '[data-slot="toast-viewport"]',
    });

    await page.getByLabel('Email').fill('admin@motorpool.local');
    await page.getByLabel('Password', { exact: true }).fill('Motorpool#2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('[data-slot="toast-viewport"] li').last()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `toast after sign-in, ${colorScheme}`, {
      only: '[data-slot="toast-viewport"]',
    });
  });
}
