import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createCustomer,
  signInPageAsCustomer,
  signInPageAsStaff,
  staffApi,
  uniqueEmail,
  uniqueSuffix,
} from './support/api';
import { teamInvitationPassword } from './support/invitations';

/*
 * Issue 11, commissions earned from real payments: a customer assigned to a sales user pays at checkout,
 * the commission appears pending in the history, an admin marks it paid, and the sales user finds it in
 * 'My commissions' on first sign-in. And a manager whose canEditCustomers is switched off is refused on
 * their next save, without being signed out. (The sales user's creation and 7.5 % rate through the
 * screens: team-management.spec.ts.)
 */

type Member = { id: string; email: string; password: string; name: string };

/** A team member made by the demo admin through POST /api/admin/users; the password arrives by email. */
async function createMember(
  admin: APIRequestContext,
  role: 'sales' | 'admin',
  firstName: string,
): Promise<Member> {
  const lastName = `J${uniqueSuffix()}`;
  const res = await admin.post('/api/admin/users', {
    data: {
      email: uniqueEmail(role),
      firstName,
      lastName,
      phone: '(555) 010-3030',
      address: '3 Harbour Road, Springfield',
      role,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string; email: string } };
  const password = await teamInvitationPassword(user.email);
  return { id: user.id, email: user.email, password, name: `${firstName} ${lastName}` };
}

/** PUT /api/admin/customers/{id} with the customer as it is, changed by `changes` (the Edit dialog's call). */
async function editCustomer(api: APIRequestContext, id: string, changes: Record<string, unknown>) {
  const current = await api.get(`/api/admin/customers/${id}`);
  expect(current.status(), await current.text()).toBe(200);
  const c = (await current.json()) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return api.put(`/api/admin/customers/${id}`, {
    data: {
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: text(c.phone),
      companyName: c.companyName,
      address: text(c.address),
      city: text(c.city),
      state: text(c.state),
      zipCode: text(c.zipCode),
      country: c.country,
      planId: c.planId,
      status: c.status,
      password: '',
      featureAccess: c.featureAccess,
      ...changes,
    },
  });
}

async function payAtCheckout(page: Page, customerId: string): Promise<void> {
  await page.goto(`/checkout?customerId=${customerId}`);
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(
    page.getByText('Your payment was successful and your subscription is now active.', { exact: true }),
  ).toBeVisible();
}

test('a customer assigned to a sales user pays; the commission is pending, marked paid, and in My commissions', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await staffApi();
  const seller = await createMember(admin, 'sales', 'Robin');
  const rate = await admin.post('/api/sales-commission-rates', {
    data: { salesUserId: seller.id, planId: 'professional', commissionRate: 0.075 },
  });
  expect(rate.status(), await rate.text()).toBe(201);

  // A customer on Professional, assigned to the seller in the customer dialog's call.
  const customer = await createCustomer({ planId: 'professional' }, page.request);
  const assigned = await editCustomer(admin, customer.id, { salesUserId: seller.id });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // The customer pays at checkout, in the browser, with the sandbox card.
  await signInPageAsCustomer(page, customer.email, customer.password);
  await payAtCheckout(page, customer.id);
  await page.context().clearCookies();

  // Professional is $189.00: 7.5 % is $14.18 (half a cent rounds up).
  const commission = '$14.18';
  await signInPageAsStaff(page);
  await page.goto('/admin?tab=users&view=history');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible({
    timeout: 15_000,
  });
  const history = page.getByRole('tabpanel');
  await history.getByRole('combobox', { name: /sales user/i }).click();
  await page.getByRole('option', { name: new RegExp(seller.name) }).click();
  const row = history.getByRole('row').filter({ hasText: customer.companyName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(commission);

  await row.getByRole('button', { name: `Mark paid: ${customer.companyName}, ${commission}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('1 commission marked paid').first()).toBeVisible();
  await expect(row).toContainText('Paid');
  await page.context().clearCookies();

  // The seller's first sign-in: set a password, then the sales dashboard with the paid commission.
  const sellerPage = await (await browser.newContext({ baseURL })).newPage();
  await sellerPage.goto('/admin-login');
  await sellerPage.getByLabel('Email').fill(seller.email);
  await sellerPage.getByLabel('Password', { exact: true }).fill(seller.password);
  await sellerPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  const own = 'Robin#2026own';
  await sellerPage.getByLabel('Current password', { exact: true }).fill(seller.password);
  await sellerPage.getByLabel('New password', { exact: true }).fill(own);
  await sellerPage.getByLabel('Confirm new password', { exact: true }).fill(own);
  await sellerPage.getByRole('button', { name: 'Set password' }).click();

  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const menu = sellerPage.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu.getByRole('link')).toHaveText(['Overview', 'Customer CRM Fleet']);
  const mine = sellerPage.getByRole('region', { name: 'My commissions' });
  await expect(mine.getByTestId('my-commissions-paid')).toContainText(commission);
  await expect(mine.getByTestId('my-commissions-pending')).toContainText('$0.00');
  const latest = mine.getByTestId('my-commissions-recent').getByRole('listitem');
  await expect(latest).toHaveCount(1);
  await expect(latest).toContainText(customer.companyName);
  await expect(latest).toContainText('Paid');
  // The customers screen opens from the dashboard; Team Management does not open at all.
  await sellerPage.getByRole('link', { name: 'View customers' }).click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Customer Management' })).toBeVisible();
  await sellerPage.goto('/admin?tab=users');
  await expect(sellerPage.getByText("You don't have permission to access this section")).toBeVisible();
  await sellerPage.context().close();
  await admin.dispose();
});

test('a manager whose canEditCustomers is switched off is refused on their next save, still signed in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await staffApi();
  // A manager of their own (the demo manager is shared by other journeys), who may edit customers.
  const made = await admin.post('/api/admin/users', {
    data: {
      email: uniqueEmail('manager'),
      firstName: 'Mika',
      lastName: `Manager${uniqueSuffix()}`,
      phone: '(555) 010-4040',
      address: '4 Depot Lane, Springfield',
      role: 'sales',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const manager = (
    (await made.json()) as { user: { id: string; email: string; firstName: string; lastName: string } }
  ).user;
  const password = await teamInvitationPassword(manager.email);
  const promote = (canEditCustomers: boolean) =>
    admin.patch(`/api/admin/users/${manager.id}`, {
      data: {
        email: manager.email,
        firstName: manager.firstName,
        lastName: manager.lastName,
        role: 'manager',
        permissions: { canViewCustomers: true, canEditCustomers },
      },
    });
  expect((await promote(true)).status()).toBe(200);
  const own = 'Mika#2026own';
  const api = await request.newContext({ baseURL });
  expect(
    (await api.post('/api/auth/admin-login', { data: { email: manager.email, password } })).status(),
  ).toBe(200);
  const set = await api.post('/api/admin/change-password', {
    data: { currentPassword: password, newPassword: own, confirmPassword: own },
  });
  expect(set.status(), await set.text()).toBe(200);
  await api.dispose();

  const customer = await createCustomer({}, page.request);
  await signInPageAsStaff(page, manager.email, own);
  await page.goto('/admin?tab=customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Management' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.email);
  const card = page.getByTestId('customer-card').filter({ hasText: customer.email });
  await card.getByRole('button', { name: `Edit ${customer.companyName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit.getByLabel('Company name')).toHaveValue(customer.companyName);
  await edit.getByLabel('City').fill('Refused City');

  // While the dialog is open, an admin switches the flag off: the next request is refused.
  const off = await promote(false);
  expect(off.status(), await off.text()).toBe(200);
  await edit.getByRole('button', { name: 'Update Customer' }).click();
  await expect(page.getByText('Failed to update customer').first()).toBeVisible();
  await expect(page.getByText("You don't have permission to access this section").first()).toBeVisible();
  // Nothing changed, and the manager is still signed in.
  const after = await admin.get(`/api/admin/customers/${customer.id}`);
  expect(((await after.json()) as { city: string | null }).city).not.toBe('Refused City');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  await admin.dispose();
});
