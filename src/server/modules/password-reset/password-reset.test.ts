import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PASSWORD_RESET_INVALID_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
} from '../../../shared/contracts/password-reset';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { created, signUp, unique } from '../../../../tests/setup/customers';
import { emailsTo, invitedPassword, lastEmailTo, linkIn } from '../../../../tests/setup/mail';
import { passwordResetTokens, sessions, staffUsers } from '../../db/schema';
import { tokenDigest } from '../../auth/tokens';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://fleet.example.com' });
});
afterAll(() => t.close());

const ask = (email: string, accountType?: 'customer' | 'staff') =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email, accountType } });
const confirm = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword } });
const signIn = (email: string, password: string, url = '/api/auth/dealer-login') =>
  t.app.inject({ method: 'POST', url, payload: { email, password } });

/** The token of the newest reset link emailed to `email`. */
async function emailedToken(email: string): Promise<string> {
  const mail = await lastEmailTo(t, email, 'password_reset');
  expect(mail.sensitive).toBe(true);
  return new URL(linkIn(mail, '/reset-password?')).searchParams.get('token')!;
}

describe('POST /api/auth/password-reset', () => {
  it('answers the same whether or not the address has an account, and emails only an account', async () => {
    const c = await signUp(t);
    const known = await ask(c.email);
    const nobodyEmail = `nobody.${unique()}@example.com`;
    const nobody = await ask(nobodyEmail);
    expect(known.statusCode).toBe(200);
    expect(nobody.statusCode).toBe(200);
    expect(known.body).toBe(nobody.body);
    expect(known.json()).toEqual({ success: true, message: PASSWORD_RESET_SENT_MESSAGE });
    expect(await emailsTo(t, nobodyEmail)).toEqual([]);

    const token = await emailedToken(c.email);
    const mail = await lastEmailTo(t, c.email, 'password_reset');
    expect(linkIn(mail, '/reset-password?')).toBe(
      `https://fleet.example.com/reset-password?token=${encodeURIComponent(token)}`,
    );
    // Only the token's SHA-256 is kept: the table holds no usable link.
    const rows = await db()
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.customerId, c.id));
    expect(rows.map((r) => r.id)).toEqual([tokenDigest(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(3_600_000);
  });

  it('an unknown address leaves no token, no email and an audit row saying why', async () => {
    const email = `ghost.${unique()}@example.com`;
    expect((await ask(email)).statusCode).toBe(200);
    expect(await emailsTo(t, email)).toEqual([]);
    const [row] = await auditRowsWhere(t, { action: 'password_reset_request', actorEmail: email });
    expect(row).toMatchObject({
      success: false,
      newValues: { kind: 'customer', sent: false, reason: 'no_account' },
    });
  });

  it('is limited per account (3 links an hour) and per address (5 requests an hour), with the same answer', async () => {
    const c = await signUp(t);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await ask(c.email)).body);
    expect(new Set(answers).size).toBe(1);
    expect(await emailsTo(t, c.email, 'password_reset')).toHaveLength(3);
    const stranger = `nobody.${unique()}@example.com`;
    for (let i = 0; i < 6; i++) expect((await ask(stranger)).statusCode).toBe(200);
    const limited = await auditRowsWhere(t, { action: 'password_reset_request', actorEmail: c.email });
    expect(
      limited.filter((r) => (r.newValues as { reason?: string }).reason === 'rate_limited'),
    ).toHaveLength(2);
  });

  it('refuses a malformed address with 400', async () => {
    const res = await ask('not-an-email');
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the password, ends every session, emails password_changed, audits, and works once', async () => {
    const c = await signUp(t);
    const other = await t.customerSession(c.email, c.password);
    await ask(c.email);
    const token = await emailedToken(c.email);
    const weak = await confirm(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(Object.values(weak.json().errors ?? {}).join(' ')).toMatch(/Password must/);

    const done = await confirm(token, 'Brand#New-Pass1');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ success: true, accountType: 'customer' });
    for (const s of [c, other]) expect((await t.get(s, '/api/fleet/vehicles')).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.customerId, c.id))).toEqual([]);
    expect((await signIn(c.email, c.password)).statusCode).toBe(401);
    expect((await signIn(c.email, 'Brand#New-Pass1')).statusCode).toBe(200);
    expect(await emailsTo(t, c.email, 'password_changed')).toHaveLength(1);
    const [audit] = await auditRowsWhere(t, { action: 'password_reset', resourceId: c.id });
    expect(audit).toMatchObject({ success: true, actorType: 'customer' });
    expect(JSON.stringify(audit)).not.toContain('Brand#New-Pass1');

    const again = await confirm(token, 'Another#Pass-22');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
  });

  it('refuses an unknown token and an expired one', async () => {
    expect((await confirm('not-a-real-token', 'Brand#New-Pass1')).statusCode).toBe(400);
    const c = await signUp(t);
    await ask(c.email);
    const token = await emailedToken(c.email);
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.id, tokenDigest(token)));
    const late = await confirm(token, 'Brand#New-Pass1');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
    expect((await signIn(c.email, c.password)).statusCode).toBe(200);
  });

  it('a newer link spends the older ones of the same person', async () => {
    const c = await signUp(t);
    await ask(c.email);
    const first = await emailedToken(c.email);
    await ask(c.email);
    const second = await emailedToken(c.email);
    expect(second).not.toBe(first);
    expect((await confirm(second, 'Brand#New-Pass1')).statusCode).toBe(200);
    expect((await confirm(first, 'Other#New-Pass2')).statusCode).toBe(400);
  });

  it('resets a team member’s own password (not the owner’s) and a staff member’s from /admin-login', async () => {
    const owner = await signUp(t, { planId: 'professional' });
    const memberEmail = `crew.${unique()}@example.com`;
    await created(t, owner, '/api/fleet/team', { firstName: 'Crew', lastName: 'M', email: memberEmail });
    await ask(memberEmail);
    expect((await confirm(await emailedToken(memberEmail), 'Member#Reset-1')).statusCode).toBe(200);
    expect((await signIn(memberEmail, 'Member#Reset-1')).statusCode).toBe(200);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);

    const staffEmail = `reset.${unique()}@staff.example`;
    const admin = await t.staffCookie('admin@motorpool.local');
    const made = await t.post(admin, '/api/admin/users', {
      email: staffEmail,
      firstName: 'Reset',
      lastName: 'Staff',
      phone: '(555) 010-2000',
      address: '1 Depot Road',
      role: 'sales',
    });
    expect(made.statusCode).toBe(201);
    const staffSession = await t.staffCookie(staffEmail, await invitedPassword(t, staffEmail));
    // A customer-page request does not reach a staff account.
    await ask(staffEmail, 'customer');
    expect(await emailsTo(t, staffEmail, 'password_reset')).toEqual([]);
    await ask(staffEmail, 'staff');
    const mail = await lastEmailTo(t, staffEmail, 'password_reset');
    expect(mail.staffUserId).toBe(made.json().user.id);
    const done = await confirm(await emailedToken(staffEmail), 'Staff#Reset-22');
    expect(done.json()).toMatchObject({ accountType: 'staff' });
    expect((await t.get(staffSession, '/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(staffEmail, 'Staff#Reset-22', '/api/auth/admin-login')).statusCode).toBe(200);
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.email, staffEmail));
    expect(row!.isPasswordSet).toBe(true);
  });

  it.runIf(process.env.MP_TEST_DRIVER === 'pg')(
    'two confirms of one link at once: exactly one wins',
    async () => {
      const c = await signUp(t);
      await ask(c.email);
      const token = await emailedToken(c.email);
      const second = await t.secondInstance();
      try {
        const [a, b] = await Promise.all([
          confirm(token, 'Racer#One-2026'),
          second.app.inject({
            method: 'POST',
            url: '/api/auth/password-reset/confirm',
            payload: { token, newPassword: 'Racer#Two-2026' },
          }),
        ]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
        const winner = a.statusCode === 200 ? 'Racer#One-2026' : 'Racer#Two-2026';
        expect((await signIn(c.email, winner)).statusCode).toBe(200);
        expect(await emailsTo(t, c.email, 'password_changed')).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});
