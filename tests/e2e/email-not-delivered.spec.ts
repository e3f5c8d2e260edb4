import { expect, test } from '@playwright/test';
import { signInPageAsStaff, uniqueSuffix } from './support/api';

/**
 * Issue 24 §2: a dialog says an email was sent only when the mail server took it. The journeys' mail
 * server refuses `busy.*` mailboxes for now (tests/fakes/smtp-server.ts), so the temporary password of
 * this customer waits in the outbox: the dialog says so, with the server's words, and one click opens
 * that message in Communications → Outbox.
 */
test('a password the mail server did not take is shown as queued, with a link that opens it in the outbox', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const email = `busy.${suffix}@e2e.example`;
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=customers');
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await dialog.getByLabel('First name').fill('Bea');
  await dialog.getByLabel('Last name').fill(`Busy${suffix}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Company name').fill(`Busy Fleet ${suffix}`);
  await dialog.getByRole('button', { name: 'Create Customer' }).click();

  const created = page.getByRole('dialog', { name: 'Customer Created' });
  const notice = created.getByTestId('sent-by-email');
  await expect(notice).toHaveAttribute('data-status', 'queued');
  await expect(notice).toContainText(`The temporary password is queued for ${email}`);
  await expect(notice).toContainText('Mailbox busy');
  await expect(notice).not.toContainText('was sent by email');

  await notice.getByRole('link', { name: 'Open it in the outbox' }).click();
  await expect(page).toHaveURL(/[?&]tab=emails&view=outbox&message=[0-9a-f-]{36}/);
  const message = page.getByRole('dialog');
  await expect(message).toContainText(email);
  await expect(message).toContainText('Mailbox busy');
  // Closing it leaves the outbox, without the message in the address.
  await page.keyboard.press('Escape');
  await expect(message).toBeHidden();
  await expect(page).not.toHaveURL(/message=/);
  await expect(page.locator('section[aria-label="Outbox"]')).toBeVisible();
});
