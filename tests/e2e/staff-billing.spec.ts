import { expect, test } from '@playwright/test';
import { createCustomer, signInPageAsStaff } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { emailedCheckoutLink } from './support/invitations';

/**
 * Billing Management (issue 12; docs/billing-admin.md): monthly invoices are issued once, and a payment
 * request staff send is paid by the customer at checkout and then reads as paid.
 */

test('Generate Monthly Invoices twice: the second run creates none', async ({ page }) => {
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=payments&view=billing');
  const generate = page.getByRole('button', { name: 'Generate Monthly Invoices' });
  const result = page.getByTestId('generate-result');

  await generate.click();
  await expect(page.getByText('Monthly invoices generated successfully').first()).toBeVisible();
  await expect(result).toHaveText(/^Created \d+, skipped \d+ \(already invoiced\)\.$/);
  await expect(generate).toBeEnabled();

  await generate.click();
  await expect(result).toHaveText(/^Created 0, skipped \d+ \(already invoiced\)\.$/);
});

test('a payment request sent by staff is paid at checkout with 4242 and then shows paid', async ({
  page,
  browser,
}) => {
  const customer = await createCustomer({ planId: 'professional' });
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=payments&view=billing');

  await page.getByRole('button', { name: 'Send Payment Request' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Send Payment Request' });
  const send = dialog.getByRole('button', { name: 'Send Request' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('searchbox', { name: 'Find a customer' }).fill(customer.companyName);
  await dialog.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: new RegExp(customer.companyName) }).click();
  await dialog.getByLabel('Amount ($)').fill('42.50');
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Description').fill('Replacement GPS trackers');
  await expect(send).toBeEnabled();
  await send.click();

  // The dialog says where the link went; the customer receives it by email (issue 14).
  const sent = page.getByRole('dialog', { name: 'Payment Request Sent' });
  await expect(sent.getByTestId('payment-link-sent')).toContainText(`sent by email to ${customer.email}`);
  const link = await emailedCheckoutLink(customer.email, 'Payment request from');
  expect(link).toMatch(/\/checkout\?customerId=.+&link=/);
  await sent.getByRole('button', { name: 'Done' }).click();

  const requests = page.getByRole('table', { name: 'Payment requests' });
  const row = requests.getByRole('row').filter({ hasText: customer.companyName });
  await expect(row.getByTestId('request-state')).toHaveText('Open');

  // The customer opens the link in their own browser, signed in to nothing.
  const customerContext = await browser.newContext();
  try {
    const payer = await customerContext.newPage();
    await payer.goto(link);
    await expect(payer.getByRole('heading', { name: 'Pay Your Invoice' })).toBeVisible();
    const summary = payer.getByRole('region', { name: 'Payment request' });
    await expect(summary).toContainText('Replacement GPS trackers');
    await expect(summary).toContainText('Amount due$42.50');
    await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payer.getByLabel('Expiry (MM/YY)').fill('12/34');
    await payer.getByLabel('CVC').fill('123');
    await payer.getByRole('button', { name: 'Pay $42.50' }).click();
    await expect(payer.getByRole('heading', { name: 'Payment received' })).toBeVisible();

    // The link is spent: opening it again says so.
    await payer.goto(link);
    await expect(payer.getByText('This payment request has already been paid.')).toBeVisible();
  } finally {
    await customerContext.close();
  }

  await page.reload();
  await expect(row.getByTestId('request-state')).toHaveText('Paid');
  await expect(row).toContainText(/MP-\d+/);

  // Its paid invoice is in Invoicing, with a PDF.
  await page.goto(`/admin?tab=payments&view=invoicing&invoices.q=${encodeURIComponent(customer.email)}`);
  const invoice = page.getByRole('table', { name: 'Invoices' }).getByTestId('invoice-row');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('$42.50');
  await expect(invoice).toContainText('Paid');
  const pdfHref = await invoice.getByRole('link', { name: /Download PDF of invoice/ }).getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

// One scan a test: axe over a full staff screen takes seconds on a busy machine.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const view of ['billing', 'invoicing', 'send dialog'] as const) {
    test(`${view} has no serious accessibility violations in ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await signInPageAsStaff(page);
      await page.goto(`/admin?tab=payments&view=${view === 'invoicing' ? 'invoicing' : 'billing'}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      if (view === 'send dialog') {
        await page.getByRole('button', { name: 'Send Payment Request' }).first().click();
        await expect(page.getByRole('dialog', { name: 'Send Payment Request' })).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page, `${view}, ${colorScheme}`);
    });
  }
}
