import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page under the site header', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  // The site header: the product's name linking home, and the theme switch.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Motorpool' })).toBeVisible();
  await expect(header.getByRole('button', { name: /theme/i })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('404 Page Not Found');
  await header.getByRole('link', { name: 'Motorpool' }).click();
  await expect(page).toHaveURL(/\/$/);
});
