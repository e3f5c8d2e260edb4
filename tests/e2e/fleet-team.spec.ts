import { expect, test } from '@playwright/test';
import {
  addVehicleByApi,
  createCustomer,
  signInPageAsCustomer,
  uniqueEmail,
  uniqueSuffix,
} from './support/api';
import { teamInvitationPassword } from './support/invitations';

test('an owner invites a fleet user who signs in, sees the fleet but not billing', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const customer = await createCustomer({ planId: 'starter' }, owner.request);
  await signInPageAsCustomer(owner, customer.email, customer.password);
  const model = `Sprinter ${uniqueSuffix().slice(-5)}`;
  await addVehicleByApi(owner.request, { make: 'Mercedes', model, year: 2023 });

  // The owner counts as one of the Starter plan's three users.
  await owner.goto('/fleet-management?tab=team');
  await expect(owner.getByTestId('team-usage')).toHaveText('1 of 3 users');
  const ownerRow = owner.getByTestId('team-member-row').first();
  await expect(ownerRow).toContainText(customer.email);
  await expect(ownerRow.getByText('Owner', { exact: true })).toBeVisible();

  const memberEmail = uniqueEmail('member');
  await owner.getByRole('button', { name: 'Invite member' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('First name').fill('Riley');
  await dialog.getByLabel('Last name').fill('Member');
  await dialog.getByLabel('Email').fill(memberEmail);
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('Fleet user');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();

  const invited = owner.getByRole('dialog', { name: 'Riley Member is invited' });
  // The temporary password goes to the member by email (issue 14), never on screen.
  await expect(invited.getByTestId('sent-by-email')).toContainText(`sent by email to ${memberEmail}`);
  await expect(invited).toContainText('/customer-login');
  const password = await teamInvitationPassword(memberEmail);
  expect(password.length).toBeGreaterThanOrEqual(8);
  await invited.getByRole('button', { name: 'Done' }).click();

  await expect(owner.getByTestId('team-usage')).toHaveText('2 of 3 users');
  const memberRow = owner.getByTestId('team-member-row').filter({ hasText: memberEmail });
  await expect(memberRow).toContainText('Riley Member');
  await owner.getByRole('button', { name: 'Logout' }).click();
  await expect(owner).toHaveURL(/\/customer-login/);
  await ownerContext.close();

  // The member signs in with the temporary password in a fresh browser.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto('/customer-login');
  await member.getByLabel('Email').fill(memberEmail);
  await member.getByLabel('Password', { exact: true }).fill(password);
  await member.getByRole('button', { name: 'Sign In' }).click();
  await expect(member).not.toHaveURL(/\/customer-login/);

  // Same company, same vehicles.
  await member.goto('/fleet-management?tab=vehicles');
  await expect(member.getByRole('heading', { level: 1, name: customer.companyName })).toBeVisible();
  await expect(member.getByText(model).first()).toBeVisible();

  // The team is read-only for a fleet user.
  await member.getByRole('tab', { name: 'Team' }).click();
  await expect(member.getByTestId('team-read-only')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Invite member' })).toHaveCount(0);

  // The portal has no Plans or Billing tab for them, and the server refuses a plan change.
  await member.goto('/customer-dashboard');
  await expect(member.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(member.getByRole('tab', { name: 'Billing & Payments' })).toHaveCount(0);
  await expect(member.getByRole('tab', { name: 'Plans' })).toHaveCount(0);
  await expect(member.getByTestId('member-billing-note')).toContainText(
    'Billing and plan are managed by your account admin.',
  );
  const upgrade = await member.request.post('/api/customer/upgrade-plan', {
    data: { email: memberEmail, planId: 'professional' },
  });
  expect(upgrade.status()).toBe(403);
  await memberContext.close();
});
