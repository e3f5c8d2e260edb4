import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { activeCustomerInBrowser } from './support/subscribed-customer';

test('an active Starter customer upgrades to Professional and pays the prorated difference', async ({
  page,
}) => {
  await activeCustomerInBrowser(page, 'starter');
  await page.goto('/customer-dashboard?tab=plans');

  await expect(page.getByTestId('current-plan')).toContainText('Starter');
  await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Upgrade to Professional?' });
  // Before anything is charged, the dialog says the amount for today and the new monthly price.
  const today = confirm.getByTestId('preview-today');
  await expect(today).toContainText(/\$\d+\.\d{2}/);
  await expect(today).toContainText('Visa ending in 4242');
  await expect(confirm.getByTestId('preview-monthly')).toContainText('$189.00/month');
  const amount = /\$\d+\.\d{2}/.exec((await today.textContent()) ?? '')?.[0];
  expect(amount).toBeTruthy();
  await expectNoSeriousA11yViolations(page, 'upgrade confirmation with its preview');
  await confirm.getByRole('button', { name: 'Upgrade to Professional' }).click();

  await expect(page.getByText('Upgrade Successful', { exact: true })).toBeVisible();
  // The charge is the amount the confirmation showed.
  await expect(
    page.getByText(`You are now on Professional. ${amount} was charged for the rest of this period.`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByTestId('current-plan')).toContainText('Professional');
  await expect(page.getByTestId('portal-plan-badge')).toHaveText('Professional');

  await page.getByRole('tab', { name: 'Billing & Payments' }).click();
  await expect(page).toHaveURL(/\?tab=billing$/);
  await expect(page.getByTestId('billing-monthly')).toContainText('$189.00');
  const recent = page.getByTestId('recent-transactions');
  await expect(recent.getByText('Upgrade to Professional (prorated)')).toBeVisible();
  const upgradeRow = recent.getByRole('listitem').filter({ hasText: 'Upgrade to Professional (prorated)' });
  await expect(upgradeRow).toContainText(amount!);
  await expect(upgradeRow).toContainText('Paid');
});

test('an active Enterprise customer schedules a downgrade to Starter and sees it pending', async ({
  page,
}) => {
  await activeCustomerInBrowser(page, 'enterprise');
  const info = (await (await page.request.get('/api/customer/billing-info')).json()) as {
    currentPeriodEnd: string;
  };
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/\?tab=plans$/);

  await page.getByRole('button', { name: 'Downgrade to Starter' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Downgrade to Starter?' });
  await expect(confirm).toContainText('end of your billing period');
  await expect(confirm.getByTestId('preview-today')).toContainText('$0.00');
  await expect(confirm.getByTestId('preview-monthly')).toContainText('$120.00/month');
  await confirm.getByRole('button', { name: 'Downgrade to Starter' }).click();
  await expect(page.getByText('Downgrade Scheduled', { exact: true })).toBeVisible();

  const periodEnd = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso)),
    info.currentPeriodEnd,
  );
  await expect(page.getByTestId('scheduled-change')).toContainText(`Changes to Starter on ${periodEnd}`);
  await expect(page.getByTestId('plan-card-starter')).toContainText('Scheduled');
  await expect(page.getByRole('button', { name: 'Downgrade to Starter' })).toBeDisabled();
  // Until the period ends the customer keeps Enterprise.
  await expect(page.getByTestId('current-plan')).toContainText('Enterprise');

  await page.getByRole('tab', { name: 'Billing & Payments' }).click();
  const next = page.getByTestId('billing-next');
  const shortPeriodEnd = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)),
    info.currentPeriodEnd,
  );
  await expect(next).toContainText(shortPeriodEnd);
  await expect(next).toContainText('$120.00');
});

test('after a cancellation the plans say why they can no longer change', async ({ page }) => {
  await activeCustomerInBrowser(page, 'starter');
  const cancelled = await page.request.post('/api/customer/cancel-subscription', { data: {} });
  expect(cancelled.status()).toBe(200);
  const info = (await (await page.request.get('/api/customer/billing-info')).json()) as {
    currentPeriodEnd: string;
  };
  await page.goto('/customer-dashboard?tab=plans');

  const endsOn = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso)),
    info.currentPeriodEnd,
  );
  await expect(page.getByRole('button', { name: 'Upgrade to Professional' })).toBeDisabled();
  await expect(page.getByTestId('plan-card-professional')).toContainText(
    `Your subscription is cancelled and ends on ${endsOn}. Resume it to change its plan.`,
  );
});
