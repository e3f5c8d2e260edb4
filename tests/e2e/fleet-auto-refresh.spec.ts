import { expect, test } from '@playwright/test';
import { addVehicleByApi, createCustomer, signInPageAsCustomer, uniqueSuffix } from './support/api';

test('with Auto refresh every 30 seconds, a vehicle added elsewhere appears in the open list by itself', async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  const settingsUrl = `/api/customer/settings/${encodeURIComponent(customer.email)}`;
  const current = await page.request.get(settingsUrl);
  expect(current.status()).toBe(200);
  const { settings } = (await current.json()) as { settings: Record<string, unknown> };
  const saved = await page.request.put(settingsUrl, {
    data: { ...settings, autoRefresh: true, refreshInterval: '30seconds', manualSave: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The page's own timers run on a clock the test moves, so the 30 seconds pass at once.
  await page.clock.install();
  await page.goto('/fleet-management?tab=vehicles');
  await expect(page.getByRole('button', { name: /Add vehicle/ }).first()).toBeVisible();
  const model = `Refresh${uniqueSuffix().slice(-6).toUpperCase()}`;
  await expect(page.getByText(model)).toHaveCount(0);

  // Added through the API, as another person or tab would: this page is not told.
  await addVehicleByApi(page.request, { make: 'Volvo', model, year: 2022 });

  // Not before the interval has passed: nothing else tells the page.
  await page.clock.runFor(20_000);
  await expect(page.getByText(model)).toHaveCount(0);
  await page.clock.runFor(11_000);
  await expect(page.getByText(model).first()).toBeVisible();
});
