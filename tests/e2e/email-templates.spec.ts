import { expect, test, type Page } from '@playwright/test';
import { DEMO_STAFF, signInPageAsStaff, staffApi, uniqueSuffix } from './support/api';
import { waitForMail } from './support/mail';

/**
 * Email Settings (docs/email.md): a staff member edits the trial-expiring template, an
 * unknown placeholder is refused on its field, and a test of the saved text arrives by email.
 */
/** Back to the default text, so other journeys read the template as shipped. */
async function restoreTrialTemplate() {
  const api = await staffApi();
  try {
    await api.post('/api/admin/email/templates/trial_expiring/reset', { data: {} });
  } finally {
    await api.dispose();
  }
}

test('a staff member edits the trial-expiring template and sends a test that arrives', async ({ page }) => {
  try {
    await editAndTest(page);
  } finally {
    await restoreTrialTemplate();
  }
});

async function editAndTest(page: Page) {
  const marker = `Hurry ${uniqueSuffix()}`;
  await signInPageAsStaff(page, DEMO_STAFF.admin);
  await page.goto('/admin/email-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Settings' })).toBeVisible();

  const card = page.getByTestId('email-template-trial_expiring');
  await expect(card).toContainText('Lifecycle');
  await card.getByRole('button', { name: 'Edit Trial Expiring' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Trial Expiring' });

  // A placeholder the template does not know is refused, under the field.
  await dialog.getByLabel('Subject').fill(`${marker}: {daysLeft} days, {couponCode}`);
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog.getByText(/Unknown placeholder \{couponCode\}/)).toBeVisible();

  await dialog.getByLabel('Subject').fill(`${marker}: {firstName}, {daysLeft} days of {planName} left`);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('email-preview')).toContainText(
    `${marker}: Avery, 7 days of Professional left`,
  );
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(`${marker}: {firstName}`);
  await expect(card).toContainText('Edited');

  await card.getByRole('button', { name: 'Send a test of Trial Expiring' }).click();
  await expect(page.getByText('Test email sent successfully', { exact: true })).toBeVisible();
  const mail = await waitForMail(DEMO_STAFF.admin, marker);
  expect(mail.subject).toBe(`[Test] ${marker}: Avery, 7 days of Professional left`);
  expect(mail.text).toContain('This is a test of the "Trial Expiring" email template');

  // The outbox lists it as sent.
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await page.getByRole('searchbox', { name: 'Search the outbox' }).fill(marker);
  const row = page.getByTestId('outbox-row').first();
  await expect(row).toContainText('Sent');
  await row.getByRole('button', { name: /Read the email/ }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'This is a test of the "Trial Expiring" email template',
  );
}

test('security templates stay on, and the automation rules show their schedule', async ({ page }) => {
  await signInPageAsStaff(page, DEMO_STAFF.manager);
  await page.goto('/admin?tab=emails');
  const reset = page.getByTestId('email-template-password_reset');
  await expect(reset.getByRole('switch', { name: 'Password Reset enabled' })).toBeDisabled();
  await expect(reset).toContainText('Always sent');
  // A manager without the Edit settings permission reads and tests, and cannot edit.
  await expect(page.getByText('changing them needs the Edit settings permission')).toBeVisible();
  await page.getByRole('tab', { name: 'Automation Rules' }).click();
  await expect(page.getByTestId('automation-rule-trial_expiring')).toContainText(
    '7, 3 and 1 days before the trial ends',
  );
  await expect(page.getByTestId('automation-rule-onboarding_1')).toContainText('1 day after sign-up');
});
