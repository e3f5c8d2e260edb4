import { expect, test } from '@playwright/test';
import { DEMO_STAFF, signInPageAsStaff, staffApi } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

// The server starts with demo data, which includes a year of billing history made by the billing
// engine (docs/revenue.md). Other journeys pay and cancel on the same server meanwhile, so the figures
// are checked for their shape and for history, not for exact amounts.

test('the revenue charts render with the demo history, with hover and keyboard values, in light and dark', async ({
  page,
}) => {
  // Four sections, three accessibility scans and a reload: longer than one screen's journey.
  test.slow();
  const api = await staffApi();
  const year = await (await api.get('/api/admin/revenue?period=1y')).json();
  await api.dispose();
  // The history is there: MRR grew over the year and cohorts have formed.
  expect(new Set(year.series.map((p: { mrr: number }) => p.mrr)).size).toBeGreaterThan(5);
  expect(year.cohorts.length).toBeGreaterThan(3);

  await signInPageAsStaff(page);
  await page.goto('/admin?tab=revenue');
  await expect(page.getByRole('heading', { name: 'Revenue Analytics', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '1y' }).click();
  await expect(page).toHaveURL(/period=1y/);
  await expect(page.getByRole('button', { name: '1y' })).toHaveAttribute('aria-pressed', 'true');

  const mrr = page.getByTestId('revenue-mrr');
  await expect(mrr.locator('[data-slot="stat-value"]')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  // Each figure has its definition beside it.
  await expect(mrr.getByRole('button', { name: /What MRR means/ })).toBeVisible();

  const mrrChart = page.getByRole('figure', { name: /^MRR over the period, \$[\d,]+\.\d{2} now$/ });
  await expect(mrrChart.getByTestId('chart-line')).toBeVisible();
  // Hovering the chart shows the value at that point.
  const tooltip = mrrChart.getByTestId('chart-tooltip');
  const box = (await mrrChart.getByTestId('chart-surface').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await expect(tooltip).toContainText(/MRR \$[\d,]+\.\d{2}/);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  // From the keyboard: the chart takes focus, the arrows walk its points, Escape hides the values.
  // The first left arrow starts at the latest point, which is MRR now (the tile above, from the same answer).
  await mrrChart.focus();
  await page.keyboard.press('ArrowLeft');
  const now = await mrr.locator('[data-slot="stat-value"]').textContent();
  await expect(tooltip).toContainText(`MRR ${now}`);
  // A keyboard move is announced as well as shown.
  await expect(mrrChart.locator('[aria-live]')).toContainText(`MRR ${now}`);
  const money = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  await page.keyboard.press('Home');
  await expect(tooltip).toContainText(`MRR ${money(year.series[0].mrr)}`);
  await page.keyboard.press('ArrowRight');
  await expect(tooltip).toContainText(`MRR ${money(year.series[1].mrr)}`);
  // Scanned with the tooltip showing, so its colours are checked too.
  await expectNoSeriousA11yViolations(page, 'revenue overview');
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);

  await page.getByRole('tab', { name: 'Growth' }).click();
  await expect(page).toHaveURL(/view=growth/);
  await expect(page.getByTestId('revenue-new').locator('[data-slot="stat-value"]')).toHaveText(/^\+\$/);
  await expect(page.getByTestId('revenue-chart').getByTestId('chart-bar').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Cohorts' }).click();
  const cohorts = page.getByRole('table', { name: 'Net MRR retention by first-payment month' });
  await expect(cohorts.getByRole('rowheader').first()).toBeVisible();
  await expect(cohorts.getByRole('columnheader', { name: 'Month 0' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'revenue cohorts');

  await page.getByRole('tab', { name: 'Plans' }).click();
  await expect(page.getByRole('rowheader', { name: 'Professional' })).toBeVisible();
  await expect(page.getByTestId('revenue-chart').getByTestId('chart-bar').first()).toBeVisible();

  // A reload keeps the section and the period; dark mode reads as well.
  await page.evaluate(() => localStorage.setItem('fleet-theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('rowheader', { name: 'Professional' })).toBeVisible();
  await expect(page.getByRole('button', { name: '1y' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('revenue-chart').first().getByTestId('chart-line')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'revenue overview, dark');
});

test('sales has no Revenue Analytics', async ({ page }) => {
  await signInPageAsStaff(page, DEMO_STAFF.sales);
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Revenue Analytics' })).toHaveCount(0);
  const api = await staffApi(DEMO_STAFF.sales);
  expect((await api.get('/api/admin/revenue?period=30d')).status()).toBe(403);
  await api.dispose();
});
