import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { createCustomer, customerApi, signInPageAsStaff, staffApi, uniqueSuffix } from './support/api';
import { CARD_OK } from './support/subscribed-customer';
import { expectNoSeriousA11yViolations } from './support/axe';
import { emailedCheckoutLink } from './support/invitations';

/** Payment Management's Transactions, refunds, retries and export (docs/staff-payments.md). */

const DECLINED = '4000000000000002';

/** A customer who checked out (Professional, $189) with `card`: a completed or a failed payment. */
async function customerWhoPaid(companyName: string, card = CARD_OK) {
  const customer = await createCustomer({ companyName, planId: 'professional' });
  const api = await customerApi(customer.email, customer.password);
  try {
    const start = await api.post('/api/create-subscription', { data: { customerId: customer.id } });
    expect(start.status(), await start.text()).toBe(200);
    const { clientSecret } = (await start.json()) as { clientSecret: string };
    const confirm = await api.post('/api/payments/sandbox/confirm', {
      data: {
        clientSecret,
        card: { number: card, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
      },
    });
    expect(confirm.status()).toBe(card === CARD_OK ? 200 : 402);
  } finally {
    await api.dispose();
  }
  return customer;
}

async function openTransactions(page: Page, search: string) {
  await page.goto(`/admin?tab=payments&view=transactions&tx.q=${encodeURIComponent(search)}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Transactions' })).toBeVisible();
}

test('refund part of a payment, then the rest; a third refund is refused', async ({ page }) => {
  const company = `Refund Fleet ${uniqueSuffix()}`;
  await customerWhoPaid(company);
  await signInPageAsStaff(page);
  await openTransactions(page, company);
  const row = page.getByTestId('payment-row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('payment-status').first()).toHaveText('Completed');

  await row.getByRole('button', { name: /^Refund payment/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog.getByText('Maximum refund: $189.00')).toBeVisible();
  await expect(dialog.getByLabel(/Refund amount/)).toHaveValue('189.00');
  await expectNoSeriousA11yViolations(page, 'Refund dialog');
  await dialog.getByLabel(/Refund amount/).fill('50');
  await dialog.getByLabel('Reason (optional)').fill('Goodwill for the outage');
  await dialog.getByRole('button', { name: 'Process refund' }).click();
  await expect(page.getByText('Refund processed', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('payment-refunded')).toHaveText('$50.00 refunded');

  await row.getByRole('button', { name: /^Refund payment/ }).click();
  dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog.getByText('Maximum refund: $139.00')).toBeVisible();
  // More than is left: the server's refusal lands under the amount.
  await dialog.getByLabel(/Refund amount/).fill('139.01');
  await dialog.getByRole('button', { name: 'Process refund' }).click();
  await expect(
    dialog.getByText('The refund is more than what is left to refund: at most $139.00.'),
  ).toBeVisible();
  await dialog.getByLabel(/Refund amount/).fill('139');
  await dialog.getByRole('button', { name: 'Process refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('payment-status').first()).toHaveText('Refunded');
  await expect(row.getByTestId('payment-refunded')).toHaveText('$189.00 refunded');
  await expect(row.getByRole('button', { name: /^Refund payment/ })).toHaveCount(0);

  // A third refund (another member's stale screen, or the API): refused with a clear 400.
  const paymentId = await row.getAttribute('data-payment-id');
  const staff = await staffApi();
  try {
    const third = await staff.post(`/api/admin/payments/${paymentId}/refund`, { data: { amount: 1 } });
    expect(third.status()).toBe(400);
    expect((await third.json()).message).toBe('This payment has already been fully refunded.');
  } finally {
    await staff.dispose();
  }
});

test('retry a failed payment: without a card on file, a new payment link goes to the customer by email', async ({
  page,
}) => {
  const company = `Declined Fleet ${uniqueSuffix()}`;
  const customer = await customerWhoPaid(company, DECLINED);
  await signInPageAsStaff(page);
  await openTransactions(page, company);
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  const row = page.getByTestId('payment-row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('payment-status').first()).toHaveText('Failed');

  await row.getByRole('button', { name: /^Retry payment/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Retry this payment?' });
  await confirm.getByRole('button', { name: 'Retry payment' }).click();
  await expect(page.getByText('Payment retry initiated', { exact: true })).toBeVisible();
  await expect(
    page.getByText('The customer will receive a new payment link.', { exact: true }),
  ).toBeVisible();
  const linkDialog = page.getByRole('dialog', { name: 'New payment link' });
  await expect(linkDialog.getByTestId('retry-link-sent')).toContainText(`sent by email to ${customer.email}`);
  const link = await emailedCheckoutLink(customer.email, 'A new link to pay');
  expect(link).toContain(`/checkout?customerId=${customer.id}&link=`);
  await expect(page.getByText(link)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'Retry payment link dialog');
});

test('Export Data downloads exactly the filtered transactions', async ({ page }) => {
  const tag = `Export Fleet ${uniqueSuffix()}`;
  await customerWhoPaid(`${tag} A`);
  await customerWhoPaid(`${tag} B`);
  await customerWhoPaid(`${tag} C`, DECLINED);
  const staff = await staffApi();
  const expected = await staff.get(`/api/admin/payments?status=completed&search=${encodeURIComponent(tag)}`);
  const ids = ((await expected.json()) as { items: { id: string }[] }).items.map((p) => p.id).sort();
  await staff.dispose();
  expect(ids).toHaveLength(2);

  await signInPageAsStaff(page);
  await openTransactions(page, tag);
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page.getByTestId('payment-row')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'Transactions');

  for (const link of [page.getByTestId('payments-export-data'), page.getByTestId('transactions-export')]) {
    const downloading = page.waitForEvent('download');
    await link.click();
    const csv = await readFile(await (await downloading).path(), 'utf8');
    const rows = Papa.parse<string[]>(csv.trim()).data;
    expect(rows[0]![0]).toBe('Payment ID');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(ids);
  }
});

test('the Overview shows the figures and the five newest payments', async ({ page }) => {
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=payments');
  await expect(page.getByTestId('tile-total-revenue')).toBeVisible();
  await expect(page.getByTestId('tile-failed-payments')).toBeVisible();
  await expect(page.getByTestId('tile-success-rate')).toBeVisible();
  const recent = page.getByRole('table', { name: 'Recent transactions' }).getByTestId('payment-row');
  await expect(recent.first()).toBeVisible();
  expect(await recent.count()).toBeLessThanOrEqual(5);
  await page.getByRole('button', { name: 'Stripe Settings' }).click();
  await expect(page.getByTestId('payment-provider')).toContainText('Built-in sandbox');
  await expectNoSeriousA11yViolations(page, 'Payments overview');
});
