// Secrets never reach the audit trail (docs/audit-logs.md "Secrets"): a full journey, then every audit
// row, every column as text, is searched for each secret the journey used.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, cookieHeader, type TestApp } from '../../../../tests/setup/test-app';
import { CARDS, addCard, checkout, signUp, tokeniseCard } from '../../../../tests/setup/customers';
import { customerFormInput } from '../../../../tests/setup/staff';
import { tokenDigest } from '../../auth/tokens';
import { sealAll } from './chain';
import { invitedPassword } from '../../../../tests/setup/mail';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const cookieValue = (cookie: string, name: string) =>
  cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))!
    .slice(name.length + 1);

describe('no secret in the audit table after a journey', () => {
  it('passwords, tokens, session ids, card data, client secrets and link tokens are nowhere', async () => {
    const secrets: Record<string, string> = {};

    // A customer signs up, signs in (session cookie and bearer token), saves a card and checks out.
    const c = await signUp(t, { planId: 'starter' });
    secrets.signUpPassword = c.password;
    secrets.customerToken = c.token;
    secrets.customerSessionId = tokenDigest(c.token);
    secrets.customerCookie = cookieValue(c.cookie, 'mp_customer');
    const token = await tokeniseCard(t, c, CARDS.visa);
    secrets.cardToken = token.json<{ id: string }>().id;
    secrets.cardNumber = CARDS.visa.replaceAll(' ', '');
    secrets.cardNumberSpaced = CARDS.visa;
    const start = await t.post(c, '/api/create-subscription', { customerId: c.id });
    secrets.clientSecret = start.json<{ clientSecret: string }>().clientSecret;
    const paid = await checkout(t, c, CARDS.visa);
    expect(paid.statusCode, paid.body).toBe(200);
    await addCard(t, c, CARDS.visa, false);

    // A wrong password, then the password change.
    await t.customerLogin(c.email, 'Wrong#Guess99');
    secrets.wrongPassword = 'Wrong#Guess99';
    const changed = await t.post(c, '/api/auth/change-password', {
      currentPassword: c.password,
      newPassword: 'N3w#Password!x',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    secrets.newPassword = 'N3w#Password!x';

    // Staff sign in, create a customer with a generated temporary password, set one by hand.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'admin@motorpool.local', password: 'Motorpool#2026' },
    });
    const admin = cookieHeader(login);
    secrets.staffPassword = 'Motorpool#2026';
    secrets.staffToken = cookieValue(admin, 'mp_staff');
    secrets.staffSessionId = tokenDigest(secrets.staffToken);
    const made = await t.post(admin, '/api/admin/customers', customerFormInput());
    expect(made.statusCode, made.body).toBe(201);
    const customer = made.json<{ customer: { id: string; email: string } }>().customer;
    secrets.tempPassword = await invitedPassword(t, customer.email);
    const typed = customerFormInput({ password: 'Typed#Secret42' });
    expect((await t.post(admin, '/api/admin/customers', typed)).statusCode).toBe(201);
    secrets.typedPassword = 'Typed#Secret42';

    // Impersonation: the one-time link and the session it opens.
    const link = await t.post(admin, '/api/external/customer-redirect', { customerId: c.id });
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json<{ url: string }>().url;
    secrets.impersonationToken = decodeURIComponent(url.split('token=')[1]!);
    secrets.impersonationTokenDigest = tokenDigest(secrets.impersonationToken);
    const opened = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(opened.statusCode).toBe(302);
    const impersonated = cookieValue(cookieHeader(opened), 'mp_customer');
    secrets.impersonatedSession = impersonated;
    secrets.impersonatedSessionId = tokenDigest(impersonated);

    // Secrets sent where they do not belong are caught by their shape (a caller's mistake).
    // The audit export writes its query into its own row: a token searched for reaches the trail as sent.
    const exported = await t.get(
      admin,
      `/api/admin/audit-logs/export?search=${encodeURIComponent(secrets.customerToken)}`,
    );
    expect(exported.statusCode).toBe(200);
    await t.post(admin, '/api/admin/customers', { ...customerFormInput(), notes: 'x', email: 'bad' });
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-logs',
      headers: { authorization: `Bearer ${secrets.customerToken}`, 'user-agent': `UA ${secrets.staffToken}` },
    });
    // Sign out ends the sessions (audited as logout).
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/logout',
      headers: { cookie: admin, 'sec-fetch-site': 'same-origin' },
    });
    await sealAll(t.database.db);

    const { rows } = (await t.database.db.execute(
      sql`select row_to_json(a)::text as line from audit_logs a`,
    )) as unknown as { rows: { line: string }[] };
    const table = rows.map((r) => r.line).join('\n');
    expect(rows.length).toBeGreaterThan(10);
    for (const [kind, secret] of Object.entries(secrets)) {
      expect(secret.length, kind).toBeGreaterThan(7);
      expect(table.includes(secret), `${kind} found in the audit table`).toBe(false);
    }
    // The journey's events are there (so the scan looked at something).
    for (const action of [
      'login',
      'change_password',
      'create',
      'impersonation_start',
      'impersonation_use',
      'logout',
      'access_denied',
      'validation_failed',
    ]) {
      expect(table, action).toContain(`"action":"${action}"`);
    }
    // The export's row is there, its search redacted (the scan above looked for exactly what was sent).
    expect(table).toMatch(/"action":"export"[^\n]*"resource_type":"audit_log"[^\n]*"search": ?"\[redacted/);
  });
});
