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
