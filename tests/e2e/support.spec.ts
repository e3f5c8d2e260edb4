import { expect, test } from '@playwright/test';
import { createCustomer, signInPageAsStaff } from './support/api';
import { linkIn, waitForMail } from './support/mail';

/**
 * Support tickets end to end (docs/support.md): a visitor follows the landing page's Live Chat, signs
 * in and lands on the ticket form; staff answer in the Support Center; the customer reads the reply in
 * the portal and gets it by email, with a link back to the thread.
 */
test('a customer opens a ticket, staff reply, and the customer reads the reply and gets the email', async ({
  browser,
}) => {
  const customer = await createCustomer();
  const subject = `Tracker offline ${customer.lastName}`;

  // The customer: landing page Live Chat's portal link → sign in → the new-ticket form.
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  await page.goto('/#contact');
  await page.getByRole('link', { name: 'Customer? Open a ticket in your portal' }).click();
  await expect(page).toHaveURL(/\/customer-login\?next=/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const form = page.getByRole('dialog', { name: 'Contact support' });
  await expect(form).toBeVisible({ timeout: 15_000 });
  await form.getByLabel('Subject').fill(subject);
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Technical' }).click();
  await form.getByLabel('Description').fill('Van 3 stopped reporting its position this morning.');
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toHaveText('Waiting for our team');
  const number = /#(\d+)/.exec((await page.getByText(/^#\d+ · Technical/).textContent()) ?? '')![1]!;

  // Staff: find it in the Support Center, add a note and reply.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInPageAsStaff(staff, 'manager@motorpool.local');
  await staff.goto('/admin?tab=support');
  await staff.getByRole('searchbox', { name: 'Search tickets' }).fill(`#${number}`);
  const row = staff.getByTestId('ticket-row').filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(staff.getByTestId('ticket-row')).toHaveCount(1);
  await row.getByRole('button', { name: `Open ticket #${number}` }).click();
  const dialog = staff.getByRole('dialog', { name: `#${number} ${subject}` });
  await expect(dialog).toContainText('Van 3 stopped reporting');
  await dialog.getByLabel('Internal note (not shown to the customer)').check();
  await dialog.getByLabel('Internal note', { exact: true }).fill('Firmware 2.1 known issue');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByTestId('thread-message').filter({ hasText: 'Firmware 2.1' })).toContainText(
    'Internal note',
  );
  await dialog.getByLabel('Internal note (not shown to the customer)').uncheck();
  await dialog.getByLabel('Reply to the customer').fill('Please restart the tracker; we pushed a fix.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('In progress');

  // The customer sees the reply (not the note) in the portal.
  await page.reload();
  await expect(page.getByText('Please restart the tracker; we pushed a fix.')).toBeVisible();
  await expect(page.getByText('Firmware 2.1')).toHaveCount(0);
  await expect(page.getByTestId('ticket-status')).toHaveText('In progress');

  // ... and by email, with a link back to the thread.
  const mail = await waitForMail(customer.email, `[#${number}]`);
  expect(mail.text).toContain('Please restart the tracker; we pushed a fix.');
  expect(mail.text).not.toContain('Firmware 2.1');
  const link = linkIn(mail, 'http');
  expect(link).toContain('/customer-dashboard?tab=support&ticket=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();

  await staffContext.close();
  await customerContext.close();
});
