import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});
