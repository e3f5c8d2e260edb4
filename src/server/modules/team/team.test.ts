import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { GENERATED_PASSWORD_ALPHABET, TEMPORARY_PASSWORD_REFUSED } from '../../../shared/contracts/team';
import { ACCESS_DENIED_MESSAGE } from '../../../shared/roles';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { customerFormInput, staffWith, changeStaffPassword } from '../../../../tests/setup/staff';
import { auditLogs, sessions, staffUsers } from '../../db/schema';
import { SET_PASSWORD_FIRST_MESSAGE } from '../../auth/access';
import { RULE_MESSAGES } from './rules';
import { invitedPassword, lastEmailTo, passwordIn } from '../../../../tests/setup/mail';

let t: TestApp;
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.staffCookie('admin@motorpool.local');
  const [row] = await t.database.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, 'admin@motorpool.local'));
  adminId = row!.id;
});
afterAll(() => t.close());

let serial = 0;

function memberInput(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    email: `member.${serial}.${Date.now()}@staff.example`,
    firstName: 'Riley',
    lastName: `Member ${serial}`,
    phone: '(555) 010-2000',
    address: '1 Depot Road, Columbus OH',
    role: 'sales',
    ...overrides,
  };
}

type Member = {
  id: string;
  email: string;
  role: string;
  permissions: Record<string, boolean>;
  isPasswordSet: boolean;
};

/** A member created through the API; their password is the one the team invitation emailed them. */
async function createMember(session: string, overrides: Record<string, unknown> = {}) {
  const input = memberInput(overrides);
  const res = await t.post(session, '/api/admin/users', input);
  expect(res.statusCode, res.body).toBe(201);
  const password = await invitedPassword(t, input.email);
  expect(res.body).not.toContain(password);
  return { ...res.json<{ user: Member }>().user, password };
}

/** A member made through the API who has set their own password, signed in. */
async function signedInMember(overrides: Record<string, unknown> = {}) {
  const member = await createMember(admin, overrides);
  const first = await t.staffCookie(member.email, member.password);
  const ownPassword = `Own-${member.password}9a`;
  const changed = await changeStaffPassword(t, first, member.password, ownPassword);
  expect(changed.statusCode, changed.body).toBe(200);
  return { ...member, cookie: first, ownPassword };
}

describe('generated passwords', () => {
  it('are 12 characters from the set without look-alikes, each kind present, never the same twice', async () => {
    const alphabet = Object.values(GENERATED_PASSWORD_ALPHABET).join('');
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const { password } = await createMember(admin);
      expect(password).toHaveLength(12);
      for (const ch of password) expect(alphabet).toContain(ch);
      expect(password).not.toMatch(/[0O1lI]/);
      for (const set of Object.values(GENERATED_PASSWORD_ALPHABET)) {
        expect([...password].some((ch) => set.includes(ch))).toBe(true);
      }
      seen.add(password);
    }
    expect(seen.size).toBe(8);
  });

  it('go to the member by email (sealed), never in an answer; the old Generate route is gone', async () => {
    const input = memberInput();
    // A password sent along is refused with why: the member's is the server's.
    const chosen = await t.post(admin, '/api/admin/users', { ...input, temporaryPassword: 'MyOwnChoice1!' });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().errors.temporaryPassword).toBe(TEMPORARY_PASSWORD_REFUSED);
    const res = await t.post(admin, '/api/admin/users', input);
    expect(res.statusCode, res.body).toBe(201);
    const mail = await lastEmailTo(t, input.email, 'team_invitation');
    expect(mail).toMatchObject({ sensitive: true, staffUserId: res.json().user.id });
    expect(mail.text).toContain('/admin-login');
    expect(res.body).not.toContain(passwordIn(mail));
    expect((await t.post(admin, '/api/admin/generate-secure-password', {})).statusCode).toBe(404);
  });
});

describe('creating a member', () => {
  it('validates the required fields and phone, and formats the phone', async () => {
    const empty = await t.post(admin, '/api/admin/users', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.values(empty.json().errors)).toContain(
      'Please fill all required fields (including phone and address)',
    );
    const badPhone = await t.post(admin, '/api/admin/users', memberInput({ phone: '555-0100' }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors.phone).toBe('Please enter a valid 10-digit phone number');
    const root = await t.post(admin, '/api/admin/users', memberInput({ role: 'root' }));
    expect(root.statusCode).toBe(400);

    const member = await createMember(admin, { phone: '1 555 010 2000' });
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, member.id));
    expect(row!.phone).toBe('+1 (555) 010-2000');
    expect(row!.isPasswordSet).toBe(false);
    expect(member.permissions).toMatchObject({
      canViewCustomers: true,
      canViewPlans: true,
      canViewPayments: true,
      canViewAnalytics: true,
      canEditCustomers: false,
      canManageUsers: false,
    });
    const created = await createMember(admin, { role: 'admin' });
    expect(Object.values(created.permissions).every(Boolean)).toBe(true);
  });

  it('refuses a second member with the same email, whatever its case', async () => {
    const member = await createMember(admin);
    const again = await t.post(admin, '/api/admin/users', memberInput({ email: member.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
  });

  it('signs in with the generated password, and nothing opens until the member sets their own', async () => {
    const member = await createMember(admin);
    const cookie = await t.staffCookie(member.email, member.password);
    const me = await t.get(cookie, '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().isPasswordSet).toBe(false);
    for (const url of ['/api/admin/stats', '/api/admin/customers', '/api/admin/notifications']) {
      const refused = await t.get(cookie, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({
        message: SET_PASSWORD_FIRST_MESSAGE,
        errorType: 'password_change_required',
      });
    }
    const weak = await changeStaffPassword(t, cookie, member.password, 'short');
    expect(weak.statusCode).toBe(400);
    const own = 'Fleet-Own-Pass-42';
    const set = await changeStaffPassword(t, cookie, member.password, own);
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.get(cookie, '/api/admin/stats')).statusCode).toBe(200);
    // The generated password no longer signs in.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: member.email, password: member.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('is audited without the password', async () => {
    const member = await createMember(admin);
    const [row] = await auditRowsWhere(t, { resourceType: 'user', resourceId: member.id });
    expect(row).toMatchObject({ action: 'create', actorId: adminId });
    expect(JSON.stringify(row!.newValues)).not.toContain(member.password);
  });
});

describe('who may use Team Management', () => {
  it('answers each route by role and flag', async () => {
    const sales = await staffWith(t, 'sales', { canViewTeamManagement: true, canManageUsers: true });
    const viewer = await staffWith(t, 'manager', { canViewTeamManagement: true });
    const outsider = await staffWith(t, 'manager');
    const managerAdmin = await staffWith(t, 'manager', { canViewTeamManagement: true, canManageUsers: true });
    const target = await createMember(admin);

    const reads = [
      '/api/admin/users',
      '/api/admin/users/stats',
      '/api/sales-commission-rates',
      '/api/sales-commissions',
    ];
    for (const url of reads) {
      expect((await t.get(admin, url)).statusCode, url).toBe(200);
      expect((await t.get(viewer.cookie, url)).statusCode, url).toBe(200);
      expect((await t.get(outsider.cookie, url)).statusCode, url).toBe(403);
      // Sales never opens the tab, whatever flags it holds.
      expect((await t.get(sales.cookie, url)).statusCode, url).toBe(403);
    }
    const writes: [string, (s: string) => Promise<{ statusCode: number; json(): { message: string } }>][] = [
      [
        'edit',
        (s) =>
          t.patch(s, `/api/admin/users/${target.id}`, { email: target.email, firstName: 'A', lastName: 'B' }),
      ],
      ['role', (s) => t.patch(s, `/api/admin/users/${target.id}/role`, { role: 'sales' })],
      ['delete', (s) => t.delete(s, `/api/admin/users/${target.id}`)],
      [
        'rate',
        (s) =>
          t.post(s, '/api/sales-commission-rates', {
            salesUserId: target.id,
            planId: 'starter',
            commissionRate: 0.05,
          }),
      ],
      ['mark-paid', (s) => t.post(s, '/api/sales-commissions/mark-paid', { ids: [crypto.randomUUID()] })],
    ];
    for (const [name, call] of writes) {
      for (const who of [viewer.cookie, outsider.cookie, sales.cookie]) {
        const res = await call(who);
        expect(res.statusCode, name).toBe(403);
        expect(res.json().message).toBe(ACCESS_DENIED_MESSAGE);
      }
    }
    expect((await writes[0]![1](managerAdmin.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('reads the flags from the database on each request: a flag switched off is refused on the next one', async () => {
    const manager = await signedInMember({ role: 'sales' });
    // An admin makes them a manager who may edit customers (their sessions end on a role change).
    const promoted = await t.patch(admin, `/api/admin/users/${manager.id}`, {
      email: manager.email,
      firstName: 'Riley',
      lastName: 'Manager',
      role: 'manager',
      permissions: { canViewCustomers: true, canEditCustomers: true },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const cookie = await t.staffCookie(manager.email, manager.ownPassword);
    const made = await t.post(cookie, '/api/admin/customers', customerFormInput());
    expect(made.statusCode, made.body).toBe(201);

    const off = await t.patch(admin, `/api/admin/users/${manager.id}`, {
      email: manager.email,
      firstName: 'Riley',
      lastName: 'Manager',
      permissions: { canViewCustomers: true, canEditCustomers: false },
    });
    expect(off.statusCode).toBe(200);
    // The same session, not signed out: the next request is refused.
    expect((await t.get(cookie, '/api/auth/user')).statusCode).toBe(200);
    const refused = await t.put(
      cookie,
      `/api/admin/customers/${made.json().customer.id}`,
      customerFormInput(),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCESS_DENIED_MESSAGE);
    expect((await t.get(cookie, '/api/admin/customers')).statusCode).toBe(200);
  });
});

describe('the rules of who may grant what', () => {
  it('nobody grants a flag or a role they do not hold, nor changes someone above them', async () => {
    const manager = await staffWith(t, 'manager', { canViewTeamManagement: true, canManageUsers: true });
    const target = await createMember(admin);
    const grant = await t.patch(manager.cookie, `/api/admin/users/${target.id}`, {
      email: target.email,
      firstName: 'R',
      lastName: 'M',
      permissions: { canEditSettings: true },
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe(RULE_MESSAGES.flagNotHeld);
    const promote = await t.patch(manager.cookie, `/api/admin/users/${target.id}/role`, { role: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(RULE_MESSAGES.roleAbove);
    const adminMade = await t.post(manager.cookie, '/api/admin/users', memberInput({ role: 'admin' }));
    expect(adminMade.statusCode).toBe(403);
    const above = await t.delete(manager.cookie, `/api/admin/users/${adminId}`);
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe(RULE_MESSAGES.outranked);
    // What they hold, they may give.
    const allowed = await t.patch(manager.cookie, `/api/admin/users/${target.id}`, {
      email: target.email,
      firstName: 'R',
      lastName: 'M',
      permissions: { canViewCustomers: true, canManageUsers: true },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().user.permissions.canManageUsers).toBe(true);
  });

  it('nobody deletes or demotes themselves', async () => {
    const self = await staffWith(t, 'admin');
    const [me] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, self.id));
    const del = await t.delete(self.cookie, `/api/admin/users/${self.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(RULE_MESSAGES.deleteSelf);
    const demote = await t.patch(self.cookie, `/api/admin/users/${self.id}/role`, { role: 'sales' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(RULE_MESSAGES.demoteSelf);

    const manager = await staffWith(t, 'manager', { canViewTeamManagement: true, canManageUsers: true });
    const dropFlag = await t.patch(manager.cookie, `/api/admin/users/${manager.id}`, {
      email: manager.email,
      firstName: 'Test',
      lastName: 'manager',
      permissions: { canViewTeamManagement: true, canManageUsers: false },
    });
    expect(dropFlag.statusCode).toBe(409);
    const [after] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, self.id));
    expect(after!.role).toBe(me!.role);
  });

  it('the last admin is never removed or demoted, even when two admins demote each other at once', async () => {
    const db = t.database.db;
    // Only two admins in the team for this test: the others become managers directly.
    const others = await db
      .select({ id: staffUsers.id, role: staffUsers.role })
      .from(staffUsers)
      .where(inArray(staffUsers.role, ['admin', 'root']));
    await db
      .update(staffUsers)
      .set({ role: 'manager' })
      .where(
        inArray(
          staffUsers.id,
          others.map((o) => o.id),
        ),
      );
    try {
      const a = await staffWith(t, 'admin');
      const b = await staffWith(t, 'admin');
      const answers = await Promise.all([
        t.patch(a.cookie, `/api/admin/users/${b.id}/role`, { role: 'sales' }),
        t.patch(b.cookie, `/api/admin/users/${a.id}/role`, { role: 'sales' }),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      // One goes through; the other is refused: as the last admin, or because its maker was just demoted
      // (their role is read again in the transaction) and their sessions ended.
      expect(codes[0]).toBe(200);
      expect([401, 403, 409]).toContain(codes[1]);
      const admins = await db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(inArray(staffUsers.id, [a.id, b.id]), inArray(staffUsers.role, ['admin', 'root'])));
      expect(admins).toHaveLength(1);

      const last = admins[0]!.id;
      const lastCookie = last === a.id ? a.cookie : b.cookie;
      const demoteLast = await t.patch(lastCookie, `/api/admin/users/${last}/role`, { role: 'manager' });
      expect(demoteLast.statusCode).toBe(409);
      const third = await staffWith(t, 'admin');
      const removeLast = await Promise.all([
        t.delete(third.cookie, `/api/admin/users/${last}`),
        t.delete(lastCookie, `/api/admin/users/${third.id}`),
      ]);
      const removed = removeLast.map((r) => r.statusCode).sort();
      // One goes through; the other finds no other admin left, or its maker's session already gone.
      expect(removed[0]).toBe(200);
      expect([401, 403, 409]).toContain(removed[1]);
      const left = await db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(inArray(staffUsers.role, ['admin', 'root']));
      expect(left).toHaveLength(1);
      const lone = await t.delete(
        left[0]!.id === third.id ? third.cookie : lastCookie,
        `/api/admin/users/${left[0]!.id}`,
      );
      expect(lone.statusCode).toBe(409);
    } finally {
      await db
        .update(staffUsers)
        .set({ role: 'admin' })
        .where(
          inArray(
            staffUsers.id,
            others.filter((o) => o.role === 'admin').map((o) => o.id),
          ),
        );
    }
  });
});

describe('editing a member', () => {
  it('a new role or a new generated password ends the member’s sessions, and the change is audited old and new', async () => {
    const member = await signedInMember();
    const cookie = await t.staffCookie(member.email, member.ownPassword);
    const role = await t.patch(admin, `/api/admin/users/${member.id}/role`, { role: 'manager' });
    expect(role.statusCode).toBe(200);
    expect((await t.get(cookie, '/api/auth/user')).statusCode).toBe(401);

    const again = await t.staffCookie(member.email, member.ownPassword);
    const names = await t.patch(admin, `/api/admin/users/${member.id}`, {
      email: member.email,
      firstName: 'Renamed',
      lastName: 'Member',
    });
    expect(names.statusCode).toBe(200);
    expect((await t.get(again, '/api/auth/user')).statusCode).toBe(200);

    const reset = await t.patch(admin, `/api/admin/users/${member.id}`, {
      email: member.email,
      firstName: 'Renamed',
      lastName: 'Member',
      sendNewPassword: true,
    });
    expect(reset.statusCode).toBe(200);
    const password = await invitedPassword(t, member.email);
    expect(password).not.toBe(member.password);
    expect(reset.body).not.toContain(password);
    expect(reset.json().user.isPasswordSet).toBe(false);
    expect((await t.get(again, '/api/auth/user')).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, member.id)),
    ).toHaveLength(0);
    await t.staffCookie(member.email, password);

    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.resourceType, 'user'),
          eq(auditLogs.resourceId, member.id),
          eq(auditLogs.action, 'update'),
        ),
      );
    const roleRow = rows.find(
      (r) =>
        (r.newValues as { role?: string }).role === 'manager' &&
        (r.oldValues as { role?: string }).role === 'sales',
    );
    expect(roleRow).toBeDefined();
    expect(rows.some((r) => (r.newValues as { firstName?: string }).firstName === 'Renamed')).toBe(true);
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(password);
  });

  it('lists members searched, filtered by role and paged, with the last sign-in', async () => {
    const tag = `Zed${Date.now()}`;
    for (let i = 0; i < 3; i++) await createMember(admin, { lastName: `${tag} ${i}` });
    const page = await t.get(
      admin,
      `/api/admin/users?search=${tag.toLowerCase()}&role=sales&pageSize=2&sort=name`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.json().items.map((u: { lastName: string }) => u.lastName)).toEqual([`${tag} 0`, `${tag} 1`]);
    const admins = await t.get(admin, `/api/admin/users?search=${tag}&role=admin`);
    expect(admins.json().total).toBe(0);
    const me = await t.get(admin, '/api/admin/users?search=admin@motorpool.local');
    expect(me.json().items[0].lastLoginAt).not.toBeNull();
    expect(JSON.stringify(me.json())).not.toMatch(/passwordHash|password_hash/);
    const bad = await t.get(admin, '/api/admin/users?role=wizard&pageSize=1000');
    expect(bad.statusCode).toBe(400);
  });
});
