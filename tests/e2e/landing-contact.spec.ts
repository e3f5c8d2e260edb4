import { expect, test } from '@playwright/test';
import { signInPageAsStaff, staffApi, uniqueEmail, uniqueSuffix } from './support/api';

/**
 * The landing page's contact section (issue 24 §2d; docs/support.md "Visitors"): the details staff
 * publish in System Settings, and a visitor without an account whose message reaches the Support Center.
 */
test('the contact details come from System Settings, and a visitor message becomes a Visitor ticket', async ({
  browser,
}) => {
  const api = await staffApi();
  const saved = await api.put('/api/admin/general-settings', {
    data: {
      contactPhone: '+1 (415) 555-0142',
      contactEmail: 'help@motorpool-journey.test',
      contactHours: 'Mon-Sat 8AM-8PM PT',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await api.dispose();

  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto('/#contact');
  const contact = page.locator('section#contact');
  await expect(contact.getByRole('link', { name: '+1 (415) 555-0142' })).toHaveAttribute(
    'href',
    'tel:+14155550142',
  );
  await expect(contact.getByRole('link', { name: 'help@motorpool-journey.test' })).toBeVisible();
  await expect(contact.getByText('Mon-Sat 8AM-8PM PT').first()).toBeVisible();
  await expect(contact).not.toContainText('.example');

  const name = `Visitor ${uniqueSuffix()}`;
  const email = uniqueEmail();
  await contact.getByRole('button', { name: 'Message our support team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message our support team' });
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Your name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Do you track trailers as well as vans?');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  const sent = page.getByRole('dialog', { name: 'Message sent' });
  await expect(sent).toContainText('reached our support team');
  const number = /#(\d+)/.exec((await sent.textContent()) ?? '')![1]!;
  await visitorContext.close();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInPageAsStaff(staff);
  await staff.goto('/admin?tab=support');
  await staff.getByRole('searchbox', { name: 'Search tickets' }).fill(email);
  const row = staff.getByTestId('ticket-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // The customer cell is in the row's narrow details and in its column; the one this width shows.
  await expect(row.getByText('Visitor', { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: `Open ticket #${number}` }).click();
  await expect(staff.getByRole('dialog')).toContainText('Do you track trailers as well as vans?');
  await staffContext.close();
});
