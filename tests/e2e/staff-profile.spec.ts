import { expect, test, type Page } from '@playwright/test';
import { signInPageAsStaff, staffApi, TEST_PASSWORD, uniqueEmail, uniquePhone } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { teamInvitationPassword } from './support/invitations';

// The journey changes a member's password, timezone and theme: done on the demo admin it would sign
// out, or restyle, every other journey signed in as that admin at the same time. So it runs as an
// admin of its own, created by the demo admin the way Team Management does (the password arrives by
// email), who sets their own password before signing in.

const NEW_PASSWORD = 'Profile#2026next';

async function newAdmin(): Promise<{ email: string }> {
  const admin = await staffApi();
  try {
    const email = uniqueEmail('profile');
    const created = await admin.post('/api/admin/users', {
      data: {
        email,
        firstName: 'Parker',
        lastName: 'Profile',
        phone: uniquePhone(),
        address: '1 Journey Way, Portland, OR',
        role: 'admin',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const password = await teamInvitationPassword(email);

    const member = await staffApi(email, password);
    const set = await member.post('/api/admin/change-password', {
      data: { currentPassword: password, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    });
    expect(set.status(), await set.text()).toBe(200);
    await member.dispose();
    return { email };
  } finally {
    await admin.dispose();
  }
}

/** An instant as a staff screen writes it in a timezone (lib/staff-dates.ts), spaces made plain. */
const wallClock = (iso: string, timeZone: string) =>
  plain(
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    ),
  );
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /^Your profile/ }).click();
  const dialog = page.getByRole('dialog', { name: 'User Profile' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an admin edits their profile, moves dates to Eastern time, keeps a dark theme and changes their password', async ({
  page,
  browser,
}) => {
  // Four tabs, a reload and a second sign-in in one journey.
  test.setTimeout(90_000);
  const { email } = await newAdmin();
  await signInPageAsStaff(page, email, TEST_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

  // Profile: a new phone, and every permission an admin holds.
  const dialog = await openProfile(page);
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('profile-permissions')).toContainText('Manage users');
  await expect(dialog.getByText('Restricted')).toHaveCount(0);
  await dialog.getByLabel('Phone').fill('(503) 555-0142');
  await expect(dialog.getByLabel('Phone')).toHaveValue('+1 (503) 555-0142');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the profile dialog');

  // Timezone: the dashboard's sign-in line moves from Pacific to Eastern wall-clock time.
  const feed = page.getByTestId('activity-list');
  const stamp = feed
    .locator('time')
    .filter({ hasText: /\d{4}, \d/ })
    .first();
  const iso = (await stamp.getAttribute('datetime'))!;
  const when = feed
    .locator(`time[datetime="${iso}"]`)
    .filter({ hasText: /\d{4}, \d/ })
    .first();
  expect(plain(await when.innerText())).toBe(wallClock(iso, 'America/Los_Angeles'));
  await dialog.getByRole('tab', { name: 'Preferences' }).click();
  await dialog.getByRole('combobox', { name: 'Timezone' }).click();
  await page.getByRole('option', { name: 'Eastern Time' }).click();
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved', { exact: true })).toBeVisible();
  await expect.poll(async () => plain(await when.innerText())).toBe(wallClock(iso, 'America/New_York'));

  // Theme: dark, kept by the server (not only by this browser) across a reload.
  await dialog.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'Dark' }).click();
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // Security: the mismatch toast, then a real change; this device is listed.
  const again = await openProfile(page);
  await again.getByRole('tab', { name: 'Security' }).click();
  await expect(again.getByTestId('profile-sessions')).toContainText('This device');
  await again.getByLabel('Current password', { exact: true }).fill(TEST_PASSWORD);
  await again.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await again.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
  await again.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password mismatch', { exact: true })).toBeVisible();
  await again.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await again.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();

  // The new password signs in; the old one no longer does.
  const fresh = await browser.newContext();
  const signIn = await fresh.newPage();
  await signIn.goto('/admin-login');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Incorrect password',
  );
  await signIn.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await fresh.close();
});
