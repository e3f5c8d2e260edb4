import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { cookieHeader, createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { startFakeFleetCrm, type FakeFleetCrm } from '../../../../tests/fakes/fleet-crm-server';
import { AUTO_LOGIN_FAILURES } from '../../../shared/contracts/auth';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../auth/access';
import { auditLogs, customers, sessions } from '../../db/schema';

/*
 * The automatic login with an external fleet CRM configured (docs/fleet-crm.md): the server asks the CRM
 * (tests/fakes/fleet-crm-server.ts) in the call that makes the session, and every way the CRM can
 * fail ends in a clear refusal with no session.
 */

const TIMEOUT_MS = 400;
let crm: FakeFleetCrm;
let t: TestApp;
let alice: TestCustomer;
let logs = '';

beforeAll(async () => {
  crm = await startFakeFleetCrm();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  t = await createTestApp(
    {
      FLEET_CRM_URL: crm.loginUrl,
      FLEET_CRM_VALIDATE_URL: crm.validateUrl,
      FLEET_CRM_TIMEOUT_MS: String(TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    },
    { logStream },
  );
  alice = await signUp(t);
});
afterAll(async () => {
  await t.close();
  await crm.close();
});

const autoLogin = (token: string, email: string, tab?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/create-customer-session',
    payload: { user: { token, email }, ...(tab ? { tab } : {}) },
  });

const sessionCount = async (customerId: string) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(sessions)
    .where(eq(sessions.customerId, customerId));
  return row!.n;
};

const fleetCrmAudits = (email: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.actorEmail, email), sql`${auditLogs.newValues}->>'via' = 'fleet-crm'`))
    .orderBy(auditLogs.createdAt);

describe('automatic login validated by the external fleet CRM', () => {
  it('opens a session for a token the CRM confirms, audited as a fleet-CRM sign-in, tab kept', async () => {
    const token = crm.mint(alice.email);
    // Engagement (the health score's last sign-in) counts this sign-in too.
    await t.database.db.update(customers).set({ lastSignInAt: null }).where(eq(customers.id, alice.id));
    const before = await sessionCount(alice.id);
    const res = await autoLogin(token, alice.email.toUpperCase(), 'billing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, tab: 'billing' });
    expect(crm.validations.at(-1)).toEqual({ token, email: alice.email });
    expect(await sessionCount(alice.id)).toBe(before + 1);

    const me = await t.get(cookieHeader(res), '/api/auth/customer');
    expect(me.json()).toMatchObject({ isAuthenticated: true, customer: { email: alice.email } });

    const [audit] = await fleetCrmAudits(alice.email);
    expect(audit).toMatchObject({
      action: 'login',
      resourceType: 'authentication',
      actorType: 'customer',
      accountId: alice.id,
      success: true,
      newValues: { kind: 'customer', via: 'fleet-crm' },
    });
    const [account] = await t.database.db
      .select({ lastSignInAt: customers.lastSignInAt })
      .from(customers)
      .where(eq(customers.id, alice.id));
    expect(account!.lastSignInAt).not.toBeNull();

    // Counted by the fleet center's sign-in figures like any other sign-in.
    const admin = await t.staffCookie('admin@motorpool.local');
    const status = await t.get(admin, '/api/admin/fleet/crm');
    expect(status.json()).toMatchObject({ autoLogins30d: 1 });
  });

  it('a token the CRM does not know: 401 with the clear message, no session, a failed sign-in audited', async () => {
    const before = await sessionCount(alice.id);
    const res = await autoLogin('crm_not-a-token-at-all', alice.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      errorType: 'fleet_crm_refused',
      message: 'Fleet CRM could not confirm your sign-in. Please sign in again.',
    });
    expect(res.cookies).toEqual([]);
    expect(await sessionCount(alice.id)).toBe(before);
    const refusal = (await fleetCrmAudits(alice.email)).at(-1);
    expect(refusal).toMatchObject({
      success: false,
      actorType: 'anonymous',
      newValues: { reason: 'refused' },
    });
  });

  it("never takes the browser's word: a real token for another email is refused", async () => {
    const bob = await signUp(t);
    const res = await autoLogin(crm.mint(bob.email), alice.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorType).toBe('fleet_crm_refused');
  });

  it.each([
    ['refuse-200', 401, 'fleet_crm_refused'],
    ['wrong-email', 401, 'fleet_crm_refused'],
    ['html', 502, 'fleet_crm_unavailable'],
    ['malformed', 502, 'fleet_crm_unavailable'],
    ['off-contract', 502, 'fleet_crm_unavailable'],
    ['error', 502, 'fleet_crm_unavailable'],
    ['redirect', 502, 'fleet_crm_unavailable'],
  ] as const)('a CRM answering %s is refused (%i %s), with no session', async (mode, status, errorType) => {
    const token = crm.mint(alice.email);
    crm.misbehaveNext(mode);
    const before = await sessionCount(alice.id);
    const res = await autoLogin(token, alice.email);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, errorType, message: AUTO_LOGIN_FAILURES[errorType] });
    expect(res.cookies).toEqual([]);
    expect(await sessionCount(alice.id)).toBe(before);
  });

  it('a CRM slower than FLEET_CRM_TIMEOUT_MS: refused within the bound, no session', async () => {
    const token = crm.mint(alice.email);
    crm.misbehaveNext('slow', 5_000);
    const before = await sessionCount(alice.id);
    const started = performance.now();
    const res = await autoLogin(token, alice.email);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({
      errorType: 'fleet_crm_timeout',
      message: 'Fleet CRM did not answer in time. Please sign in again.',
    });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 1_500);
    expect(await sessionCount(alice.id)).toBe(before);
  });

  it('a confirmed email with no account here, and a suspended account, are refused', async () => {
    const stranger = await autoLogin(
      crm.mint('nobody-here@fleet-crm.example'),
      'nobody-here@fleet-crm.example',
    );
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().errorType).toBe('no_account');

    const carol = await signUp(t);
    await t.database.db.update(customers).set({ status: 'suspended' }).where(eq(customers.id, carol.id));
    const before = await sessionCount(carol.id);
    const suspended = await autoLogin(crm.mint(carol.email), carol.email);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toMatchObject({
      errorType: 'account_suspended',
      message: ACCOUNT_SUSPENDED_MESSAGE,
    });
    expect(await sessionCount(carol.id)).toBe(before);
  });

  it("a team member's email signs in that team member, never the account owner", async () => {
    const owner = await signUp(t, { planId: 'professional' });
    const email = `member.${Date.now()}@fleet-crm.example`;
    const invited = await t.post(owner, '/api/fleet/team', {
      firstName: 'Tam',
      lastName: 'Member',
      email,
      role: 'fleet_user',
    });
    expect(invited.statusCode).toBe(201);
    const res = await autoLogin(crm.mint(email), email);
    expect(res.statusCode).toBe(200);
    const me = (await t.get(cookieHeader(res), '/api/auth/customer')).json();
    expect(me.customer).toMatchObject({ id: owner.id, email, isOwner: false });
    const [audit] = await fleetCrmAudits(email);
    expect(audit).toMatchObject({ success: true, newValues: { kind: 'team_member', via: 'fleet-crm' } });
  });

  it('our own session token is not a fleet-CRM token once an external CRM is configured', async () => {
    const res = await autoLogin(alice.token, alice.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorType).toBe('fleet_crm_refused');
  });

  it('customer sign-in still sends the browser to the CRM with our token', async () => {
    const res = await t.customerLogin(alice.email, alice.password);
    const redirect = new URL(res.json().redirectUrl);
    expect(redirect.origin + redirect.pathname).toBe(crm.loginUrl);
    expect(redirect.searchParams.get('email')).toBe(alice.email);
    expect(redirect.searchParams.get('externalAuth')).toBe('true');
  });

  it('logs why a validation failed, never the token', async () => {
    const token = crm.mint(alice.email);
    crm.misbehaveNext('error');
    await autoLogin(token, alice.email);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs).toContain('The fleet CRM did not confirm an automatic login');
    expect(logs).toContain('"reason":"bad-status"');
    expect(logs).not.toContain(token);
  });

  it('takes a long token such as a signed JWT', async () => {
    const jwt = `eyJhbGciOiJSUzI1NiJ9.${'e'.repeat(1500)}.${'s'.repeat(342)}`;
    const bob = await signUp(t);
    const res = await autoLogin(crm.mint(bob.email, jwt), bob.email);
    expect(res.statusCode).toBe(200);
    expect(crm.validations.at(-1)).toEqual({ token: jwt, email: bob.email });
  });
});

describe('automatic login with FLEET_CRM_URL but no validation URL', () => {
  let u: TestApp;
  beforeAll(async () => {
    u = await createTestApp({ FLEET_CRM_URL: crm.loginUrl });
  });
  afterAll(() => u.close());

  it('is refused with the configuration message, and the CRM is not asked', async () => {
    const asked = crm.validations.length;
    const dave = await signUp(u);
    const res = await u.app.inject({
      method: 'POST',
      url: '/api/auth/create-customer-session',
      payload: { user: { token: crm.mint(dave.email), email: dave.email } },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      errorType: 'fleet_crm_not_configured',
      message: AUTO_LOGIN_FAILURES.fleet_crm_not_configured,
    });
    expect(crm.validations.length).toBe(asked);
  });
});

describe('automatic login without FLEET_CRM_URL (the built-in fleet app plays the CRM)', () => {
  let u: TestApp;
  beforeAll(async () => {
    // A validation URL alone changes nothing: without FLEET_CRM_URL our own sessions are the tokens.
    u = await createTestApp({ FLEET_CRM_VALIDATE_URL: crm.validateUrl });
  });
  afterAll(() => u.close());

  it('validates our own session token, never asking the CRM', async () => {
    const asked = crm.validations.length;
    const erin = await signUp(u);
    const ok = await u.app.inject({
      method: 'POST',
      url: '/api/auth/create-customer-session',
      payload: { user: { token: erin.token, email: erin.email }, tab: 'billing' },
    });
    expect(ok.json()).toEqual({ success: true, tab: 'billing' });
    const [audit] = await u.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorEmail, erin.email), sql`${auditLogs.newValues}->>'via' = 'fleet-crm'`));
    expect(audit).toMatchObject({ success: true, newValues: { via: 'fleet-crm' } });

    const crmToken = await u.app.inject({
      method: 'POST',
      url: '/api/auth/create-customer-session',
      payload: { user: { token: crm.mint(erin.email), email: erin.email } },
    });
    expect(crmToken.statusCode).toBe(401);
    expect(crmToken.json()).toMatchObject({ errorType: 'link_expired' });
    expect(crm.validations.length).toBe(asked);
  });
});
