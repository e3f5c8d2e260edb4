import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { activeCustomerInBrowser } from './support/subscribed-customer';

/** Issue 9: a cancelled subscription looks cancelled everywhere, and can be taken back before its date. */

const mediumDate = (page: Page, iso: string) =>
  page.evaluate((d) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(d)), iso);

test('cancel, see "Cancels on" on Overview, Billing and the plan, then resume and see Active again', async ({
  page,
}) => {
  await activeCustomerInBrowser(page, 'starter');
  const info = (await (await page.request.get('/api/customer/billing-info')).json()) as {
    currentPeriodEnd: string;
  };
  const endsOn = await mediumDate(page, info.currentPeriodEnd);

  await page.goto('/customer-dashboard?tab=plans');
  await page.getByTestId('plan-card-starter').getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await expect(confirm).toContainText('You can take the cancellation back');
  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Subscription Cancelled', { exact: true })).toBeVisible();

  // The plan: the badge, why the plan buttons wait, and the way back.
  const current = page.getByTestId('current-plan');
  await expect(current.getByTestId('cancels-on')).toHaveText(`Cancels on ${endsOn}`);
  await expect(page.getByTestId('plan-card-starter').getByTestId('cancels-on')).toHaveText(
    `Cancels on ${endsOn}`,
  );
  await expect(page.getByRole('button', { name: 'Upgrade to Professional' })).toBeDisabled();
  await expect(page.getByTestId('plan-card-professional')).toContainText('Resume it to change its plan.');
  await expectNoSeriousA11yViolations(page, 'plans tab with a pending cancellation');

  await page.getByRole('tab', { name: 'Overview' }).click();
  const overview = page.getByTestId('overview-status');
  await expect(overview.getByTestId('cancels-on')).toHaveText(`Cancels on ${endsOn}`);
  await expect(overview).not.toContainText('Active');

  await page.getByRole('tab', { name: 'Billing & Payments' }).click();
  const billing = page.getByTestId('billing-status');
  await expect(billing.getByTestId('cancels-on')).toHaveText(`Cancels on ${endsOn}`);
  await expect(billing).not.toContainText('Active');

  // Take it back.
  await page.getByRole('tab', { name: 'Plans' }).click();
  await current.getByRole('button', { name: 'Resume Subscription' }).click();
  const resume = page.getByRole('alertdialog', { name: 'Resume your subscription?' });
  await expect(resume).toContainText('$120.00');
  await expect(resume).toContainText('Nothing is charged today.');
  await expectNoSeriousA11yViolations(page, 'resume confirmation');
  await resume.getByRole('button', { name: 'Resume Subscription' }).click();
  await expect(page.getByText('Subscription Resumed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('cancels-on')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upgrade to Professional' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Billing & Payments' }).click();
  await expect(page.getByTestId('billing-status')).toContainText('Active');
  await expect(page.getByTestId('billing-next')).toContainText(endsOn);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('overview-status')).toContainText('Active');
  await expect(page.getByTestId('overview-status').getByTestId('cancels-on')).toHaveCount(0);
});
