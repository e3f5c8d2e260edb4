import { expect, test } from '@playwright/test';
import { createCustomer, customerApi, signInPageAsCustomer, uniqueEmail } from './support/api';
import { teamInvitationPassword } from './support/invitations';

/** Checkout (docs/customer-portal.md "Checkout"): the sandbox card form pays the customer's own trial. */

test('paying with 4242 activates the plan and lands on the billing tab with the invoice', async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);

  await page.goto(`/checkout?customerId=${customer.id}`);
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await expect(page.getByText('14-day free trial.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  // The payment before the card (issue 9): plan, monthly price, today's charge, the trial days kept.
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('definition').nth(0)).toHaveText('Professional');
  await expect(summary).toContainText('Monthly price$189.00 / month');
  await expect(summary).toContainText('Charged today$189.00');
  await expect(summary).toContainText(/Free trial14 days left, kept \(ends /);
  await expect(summary).toContainText(
    /Today's payment covers your 14 days of trial left and the month after them, until .+\. Your next payment is due then\./,
  );
  await expect(
    page.getByText('Trial days are never lost: your first paid month starts when your trial ends.'),
  ).toBeVisible();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();

  await expect(
    page.getByText('Your payment was successful and your subscription is now active.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/customer-dashboard\?tab=billing$/);
  await expect(page.getByRole('tab', { name: 'Billing & Payments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('billing-status')).toContainText('Active');

  await page.getByRole('button', { name: 'View All Invoices' }).click();
  const invoices = page
    .getByRole('dialog', { name: 'All Invoices' })
    .getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(invoices).toContainText(/MP-\d+/);
  await expect(invoices).toContainText('Paid');
});

test('a declined card shows Payment Failed with the provider message and keeps the form', async ({
  page,
}) => {
  const customer = await createCustomer({ planId: 'starter' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);

  await page.goto(`/checkout?customerId=${customer.id}`);
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();

  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?customerId=/);
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();

  // The reason is on the form itself, as its description, and outlives the 5-second toast.
  const form = page.getByRole('form', { name: 'Card details' });
  const reason = form.getByRole('alert');
  await expect(reason).toHaveText('Your card was declined.');
  await expect(form).toHaveAccessibleDescription('Your card was declined.');
  await expect(page.getByText('Payment Failed', { exact: true })).toBeHidden({ timeout: 10_000 });
  await expect(reason).toHaveText('Your card was declined.');

  // Resubmitting replaces it with the new card's reason; editing the card clears it.
  await page.getByLabel('Card number').fill('4000 0000 0000 9995');
  await expect(reason).toBeHidden();
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your card has insufficient funds.');
  await page.getByLabel('CVC').fill('124');
  await expect(form.getByRole('alert')).toBeHidden();
});

test('a card with a bad number is caught beside the field before any payment', async ({ page }) => {
  const customer = await createCustomer({ planId: 'starter' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  await page.goto(`/checkout?customerId=${customer.id}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();
});

test('without a customerId the page says the customer information is missing', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Missing customer information' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an already active subscription shows the Payment Error card', async ({ page }) => {
  const customer = await createCustomer({ planId: 'starter' }, page.request);
  await signInPageAsCustomer(page, customer.email, customer.password);
  const start = await page.request.post('/api/create-subscription', { data: { customerId: customer.id } });
  const { clientSecret } = (await start.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/payments/sandbox/confirm', {
    data: { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
  });
  expect(paid.status()).toBe(200);

  await page.goto(`/checkout?customerId=${customer.id}`);
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText('Failed to initialize payment')).toBeVisible();
  await expect(page.getByText('This subscription is already active.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
});

test('a signed-out visitor is sent to sign in, then back to the checkout', async ({ page }) => {
  const customer = await createCustomer({ planId: 'starter' }, page.request);

  await page.goto(`/checkout?customerId=${customer.id}`);
  await expect(page).toHaveURL(/\/customer-login\?next=/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout\\?customerId=${customer.id}$`));
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
});

test("a team fleet admin pays the account's subscription and lands on its billing tab", async ({ page }) => {
  const owner = await createCustomer({ planId: 'professional' }, page.request);
  const ownerApi = await customerApi(owner.email, owner.password);
  const invited = await ownerApi.post('/api/fleet/team', {
    data: { firstName: 'Robin', lastName: 'Admin', email: uniqueEmail('team-admin'), role: 'fleet_admin' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { member } = (await invited.json()) as { member: { email: string } };
  const temporaryPassword = await teamInvitationPassword(member.email);
  await ownerApi.dispose();
  await signInPageAsCustomer(page, member.email, temporaryPassword);

  await page.goto(`/checkout?customerId=${owner.id}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();

  // Signed in to the paying account already (with an email that is not the owner's): no second sign-in.
  await expect(page).toHaveURL(/\/customer-dashboard\?tab=billing$/);
  await expect(page.getByTestId('billing-status')).toContainText('Active');
});
