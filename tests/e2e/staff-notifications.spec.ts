import { expect, test } from '@playwright/test';
import { createCustomer, customerApi, signInPageAsStaff } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { CARD_OK } from './support/subscribed-customer';

/**
 * Live notifications (docs/staff-notifications.md): the admin shell polls every 30 s; a customer's upgrade
 * brings the 'Customer Update' toast within one interval, and marking it read lowers the bell's
 * count. The page's clock is Playwright's, so the interval is fast-forwarded, not waited for: the
 * toast comes from the timed poll (the window's focus never changes here).
 */
test("a customer's upgrade brings the 'Customer Update' toast to a signed-in admin within one poll", async ({
  page,
}) => {
  await page.clock.install();
  await signInPageAsStaff(page);
  const firstPoll = page.waitForResponse((r) => r.url().endsWith('/api/admin/notifications'));
  await page.goto('/admin');
  expect((await firstPoll).status()).toBe(200);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeEnabled();

  // The customer, through the API: sign up on Starter, add the sandbox card, upgrade.
  const customer = await createCustomer({ planId: 'starter' });
  const api = await customerApi(customer.email, customer.password);
  try {
    const token = await api.post('/api/payments/sandbox/payment-methods', {
      data: { card: { number: CARD_OK, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' } },
    });
    expect(token.status(), await token.text()).toBe(200);
    const added = await api.post('/api/customer/add-payment-method', {
      data: { paymentMethodId: ((await token.json()) as { id: string }).id, setAsDefault: true },
    });
    expect(added.status(), await added.text()).toBe(200);
    const upgrade = await api.post('/api/customer/upgrade-plan', { data: { planId: 'professional' } });
    expect(upgrade.status(), await upgrade.text()).toBe(200);
  } finally {
    await api.dispose();
  }

  const text = `${customer.email} upgraded their plan`;
  await expect(page.getByText(text)).toHaveCount(0);
  const nextPoll = page.waitForResponse((r) => r.url().endsWith('/api/admin/notifications'));
  await page.clock.fastForward(30_000);
  await nextPoll;
  const toast = page.getByRole('status').filter({ hasText: 'Customer Update' });
  await expect(toast).toContainText(text);

  // The bell: this admin's unread count, down by one once the notification is marked read.
  const unread = async () => {
    const name = (await bell.getAttribute('aria-label')) ?? '';
    return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
  };
  const before = await unread();
  expect(before).toBeGreaterThan(0);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('listitem').filter({ hasText: text });
  await expect(item).toContainText('Just now');
  await item.getByRole('button', { name: `Mark read: ${text}` }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect.poll(unread).toBe(before - 1);
});

test("the bell's panel has no serious or critical accessibility violations", async ({ page }) => {
  await signInPageAsStaff(page);
  await page.goto('/admin');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the notifications panel');
});

/*
 * The bell is a plain button and its panel a chunk loaded on the first press (docs/client-kit.md, "What
 * the admin shell's first load may import"), so what a popover trigger does is done by hand: held here.
 */
test('the bell opens its panel from the keyboard, Escape gives focus back, a second press closes it', async ({
  page,
}) => {
  await signInPageAsStaff(page);
  await page.goto('/admin');
  const bell = page.getByTestId('notification-bell');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await expect(bell).toHaveAttribute('aria-controls', (await panel.getAttribute('id')) ?? 'no id');
  await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute('aria-expanded', 'false');

  await bell.click();
  await expect(panel).toBeVisible();
  await bell.click();
  await expect(panel).toBeHidden();
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
});
