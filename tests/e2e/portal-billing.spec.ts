import { expect, test } from '@playwright/test';
import { createCustomer, signInPageAsCustomer } from './support/api';
import { activeCustomerInBrowser } from './support/subscribed-customer';
import { expectNoSeriousA11yViolations } from './support/axe';

test('add a second card, make it the primary one and remove the first', async ({ page }) => {
  await activeCustomerInBrowser(page, 'starter');
  await page.goto('/customer-billing');
  await expect(page.getByRole('tab', { name: 'Billing & Payments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const methods = page.getByRole('list', { name: 'Payment methods' });
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods).toContainText('Visa ending in 4242');

  await page.getByRole('button', { name: 'Manage Payment Methods' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Payment Methods' });
  // One card: it cannot be removed.
  await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Add a card' }).click();
  await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByText('Payment method added', { exact: true })).toBeVisible();

  const cards = dialog.getByTestId('manage-card');
  await expect(cards).toHaveCount(2);
  const visa = cards.filter({ hasText: 'Visa ending in 4242' });
  const mastercard = cards.filter({ hasText: 'Mastercard ending in 4444' });
  // A new card becomes the primary one.
  await expect(mastercard.getByText('Primary')).toBeVisible();
  await expect(visa.getByText('Primary')).toHaveCount(0);

  // Primary moves back to the Visa, then to the Mastercard again.
  // Its name starts with what it shows (WCAG 2.5.3), so "click Set as default" finds it by voice.
  const setVisaDefault = visa.getByRole('button', { name: 'Set as default: Visa ending in 4242' });
  await expect(setVisaDefault).toHaveText('Set as default');
  await setVisaDefault.click();
  await expect(visa.getByText('Primary')).toBeVisible();
  await expect(mastercard.getByText('Primary')).toHaveCount(0);
  await mastercard.getByRole('button', { name: 'Set as default: Mastercard ending in 4444' }).click();
  await expect(mastercard.getByText('Primary')).toBeVisible();
  await expect(visa.getByText('Primary')).toHaveCount(0);

  await visa.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this card?' });
  await confirm.getByRole('button', { name: 'Remove card' }).click();
  await expect(page.getByText('Payment method removed', { exact: true })).toBeVisible();

  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Mastercard ending in 4444');
  await expect(dialog.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods).toContainText('Mastercard ending in 4444');
  await expect(methods).toContainText('Primary');
});

test('a card the bank declines is not saved, and the form and a toast say why', async ({ page }) => {
  await activeCustomerInBrowser(page, 'starter');
  await page.goto('/customer-billing');
  await page.getByRole('button', { name: 'Manage Payment Methods' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Payment Methods' });
  await dialog.getByRole('button', { name: 'Add a card' }).click();
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Add Card' }).click();

  await expect(page.getByText('Failed to add payment method', { exact: true })).toBeVisible();
  // The reason is on the card form (issue 9), and stays after the toast is gone.
  const form = dialog.getByRole('form', { name: 'Card details' });
  await expect(form.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(form).toHaveAccessibleDescription('Your card was declined.');
  await expect(dialog.getByTestId('manage-card')).toHaveCount(1);
  await expect(dialog.getByTestId('manage-card')).toContainText('4242');
  await expect(page.getByText('Failed to add payment method', { exact: true })).toBeHidden({
    timeout: 10_000,
  });
  await expect(form.getByRole('alert')).toHaveText('Your card was declined.');

  await dialog.getByLabel('Card number').fill('4000 0000 0000 9995');
  await expect(form.getByRole('alert')).toBeHidden();
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your card has insufficient funds.');
  await expect(dialog.getByTestId('manage-card')).toHaveCount(1);
});

test('during the trial the banner, Billing and the checkout say the same rule', async ({ page }) => {
  const rule = 'Trial days are never lost: your first paid month starts when your trial ends.';
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await page.goto('/customer-billing');

  const banner = page.getByTestId('subscription-banner');
  await expect(banner).toContainText('You are on a free trial.');
  await expect(banner).toContainText(rule);
  await expect(banner).toContainText('Subscribe now to keep access after the trial.');

  // No card yet: Billing's empty state opens the same dialog with the card form.
  await page.getByRole('button', { name: 'Add payment method' }).click();
  const note = page.getByRole('dialog', { name: 'Manage Payment Methods' }).getByTestId('trial-note');
  await expect(note).toContainText(rule);
  await expect(note).toContainText(/The card you add becomes your primary card and is charged \$189\.00 on /);
  await page.keyboard.press('Escape');

  await banner.getByRole('link', { name: 'Subscribe now' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await expect(page.getByText(rule)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Charged today$189.00');
});

test('Download Latest Invoice opens the invoice PDF in a new tab', async ({ page }) => {
  await activeCustomerInBrowser(page, 'professional');
  await page.goto('/customer-dashboard?tab=billing');

  const context = page.context();
  const pdfResponse = context.waitForEvent('response', (r) =>
    /\/api\/customer\/invoices\/[^/]+\/pdf$/.test(r.url()),
  );
  const popupPromise = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Download Latest Invoice' }).click();
  const popup = await popupPromise;
  const response = await pdfResponse;

  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  await expect.poll(() => popup.url()).toMatch(/\/pdf$/);
  await expect(page.getByText('Invoice Ready', { exact: true })).toBeVisible();
});

test('the portal tabs and billing dialogs have no serious or critical accessibility violations', async ({
  page,
}) => {
  // Three tabs and four dialogs, each scanned: longer than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await activeCustomerInBrowser(page, 'professional');
  const check = (what: string) => expectNoSeriousA11yViolations(page, what);
  for (const [tab, ready] of [
    ['overview', 'Recent Activity'],
    ['plans', 'Available plans'],
    ['billing', 'Recent Transactions'],
  ] as const) {
    await page.goto(`/customer-dashboard?tab=${tab}`);
    await expect(page.getByRole('heading', { name: ready })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check(`${tab} tab`);
  }
  for (const [button, title] of [
    ['Manage Payment Methods', 'Manage Payment Methods'],
    ['View All Transactions', 'All Transactions'],
    ['View All Invoices', 'All Invoices'],
    ['Update Billing Email', 'Update Billing Email'],
    ['Update Billing Address', 'Update Billing Address'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check(`${title} dialog`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
