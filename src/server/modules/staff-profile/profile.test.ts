import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp, DEMO_PASSWORD } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { staffWith, changeStaffPassword } from '../../../../tests/setup/staff';
import { staffUsers } from '../../db/schema';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../../../shared/contracts/staff-profile';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const me = async (cookie: string) => {
  const res = await t.get(cookie, '/api/auth/user');
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('the profile dialog', () => {
  it('edits the member’s own name, email and phone, never their role or flags', async () => {
    const sales = await staffWith(t, 'sales');
    const email = `renamed.${Date.now()}@staff.example`;
    const profile = {
      firstName: 'Sasha',
      lastName: 'Seller',
      email: email.toUpperCase(),
      phone: '+1 (555) 010-9999',
    };
    // Role and flags are not the profile's: naming them is refused, not dropped in silence.
    const escalate = await t.patch(sales.cookie, '/api/admin/profile', {
      ...profile,
      role: 'admin',
      permissions: { canManageUsers: true },
    });
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().message).toBe('Unknown fields: role, permissions');
    const res = await t.patch(sales.cookie, '/api/admin/profile', profile);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      firstName: 'Sasha',
      email,
      phone: '+1 (555) 010-9999',
      role: 'sales',
    });
    expect((await me(sales.cookie)).permissions.canManageUsers).toBe(false);
    const taken = await t.patch(sales.cookie, '/api/admin/profile', {
      firstName: 'Sasha',
      lastName: 'Seller',
      email: 'admin@motorpool.local',
    });
    expect(taken.statusCode).toBe(409);
    const empty = await t.patch(sales.cookie, '/api/admin/profile', {
      firstName: '',
      lastName: 'x',
      email: 'nope',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ firstName: 'First name is required' });
    const [audit] = await auditRowsWhere(t, { resourceId: sales.id, action: 'update' });
    expect(audit!.oldValues).toMatchObject({ firstName: 'Test', email: sales.email });
    expect(audit!.newValues).toMatchObject({ firstName: 'Sasha', email });
  });

  it("says the staff text for a short new password: 'Password must be at least 8 characters long'", async () => {
    const member = await staffWith(t, 'manager');
    const short = await changeStaffPassword(t, member.cookie, DEMO_PASSWORD, 'Ab#1');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toBe('Password must be at least 8 characters long');
    expect(short.json().errors.newPassword).toBe(PASSWORD_TOO_SHORT_MESSAGE);
  });

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const member = await staffWith(t, 'manager');
    const other = await t.staffCookie(member.email);
    const wrong = await changeStaffPassword(t, member.cookie, 'not-it', 'Better-Pass-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe('Current password is incorrect');
    const mismatch = await changeStaffPassword(
      t,
      member.cookie,
      DEMO_PASSWORD,
      'Better-Pass-1',
      'Better-Pass-2',
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toBe('New passwords do not match');
    const same = await changeStaffPassword(t, member.cookie, DEMO_PASSWORD, DEMO_PASSWORD);
    expect(same.statusCode).toBe(400);

    const sessions = await t.get(member.cookie, '/api/admin/sessions');
    expect(sessions.json().items).toHaveLength(2);
    expect(sessions.json().items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(sessions.json())).not.toMatch(/"id"/);

    const ok = await changeStaffPassword(t, member.cookie, DEMO_PASSWORD, 'Better-Pass-1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.get(other, '/api/auth/user')).statusCode).toBe(401);
    expect((await t.get(member.cookie, '/api/auth/user')).statusCode).toBe(200);
    await t.staffCookie(member.email, 'Better-Pass-1');
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, member.id));
    expect(row!.passwordChangedAt).not.toBeNull();
  });

  it('signs out the member’s other sessions on request', async () => {
    const member = await staffWith(t, 'sales');
    const others = [await t.staffCookie(member.email), await t.staffCookie(member.email)];
    const res = await t.post(member.cookie, '/api/admin/sessions/sign-out-others', {});
    expect(res.json()).toMatchObject({ success: true, ended: 2 });
    for (const cookie of others) expect((await t.get(cookie, '/api/auth/user')).statusCode).toBe(401);
    expect((await t.get(member.cookie, '/api/auth/user')).statusCode).toBe(200);
  });

  it('keeps preferences on the server, answered with the session, and refuses values not offered', async () => {
    const member = await staffWith(t, 'manager');
    expect((await me(member.cookie)).preferences).toEqual({
      theme: 'system',
      timezone: 'America/Los_Angeles',
      dashboardRefresh: 30,
    });
    const saved = await t.put(member.cookie, '/api/admin/preferences', {
      theme: 'dark',
      timezone: 'America/New_York',
      dashboardRefresh: 60,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await t.staffCookie(member.email);
    expect((await me(again)).preferences).toEqual({
      theme: 'dark',
      timezone: 'America/New_York',
      dashboardRefresh: 60,
    });
    for (const bad of [
      { theme: 'neon', timezone: 'America/New_York', dashboardRefresh: 60 },
      { theme: 'dark', timezone: 'Europe/Paris', dashboardRefresh: 60 },
      { theme: 'dark', timezone: 'America/New_York', dashboardRefresh: 5 },
    ]) {
      expect((await t.put(member.cookie, '/api/admin/preferences', bad)).statusCode).toBe(400);
    }
    expect((await me(again)).preferences.theme).toBe('dark');
  });

  it('shows the member their own activity, paged, and nobody else’s', async () => {
    const a = await staffWith(t, 'manager');
    const b = await staffWith(t, 'manager');
    for (const theme of ['dark', 'light', 'system'] as const) {
      await t.put(a.cookie, '/api/admin/preferences', {
        theme,
        timezone: 'America/Chicago',
        dashboardRefresh: 15,
      });
    }
    const first = await t.get(a.cookie, '/api/admin/user-activity?pageSize=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<{ items: { action: string; resourceType: string }[]; total: number }>();
    // Sign-in plus three preference changes.
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({ action: 'update', resourceType: 'preferences' });
    const theirs = await t.get(b.cookie, '/api/admin/user-activity');
    expect(theirs.json().total).toBe(1);
    expect((await t.get(b.cookie, '/api/admin/user-activity?pageSize=500')).statusCode).toBe(400);
  });
});
