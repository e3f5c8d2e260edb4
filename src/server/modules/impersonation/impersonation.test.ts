import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, cookieHeader, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { CARDS, addCard, signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { manualClock } from '../../clock';
import { auditLogs, customers, impersonationTokens, sessions, staffUsers, vehicles } from '../../db/schema';
import { tokenDigest } from '../../auth/tokens';
import { IMPERSONATION_REFUSED_MESSAGE } from '../../../shared/contracts/impersonation';
import { ACCESS_DENIED_MESSAGE } from '../../../shared/roles';
import { newSignedToken } from './signed-token';
import { secretBox } from '../../auth/secret-box';
import { randomBytes } from 'node:crypto';

// The tokens' time is the app's clock (5 minutes from creation); sessions keep real time.
const clock = manualClock(new Date());
let t: TestApp;
let admin: string;
let adminId: string;
let customer: TestCustomer;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await t.staffCookie('admin@motorpool.local');
  adminId = await staffIdOf('admin@motorpool.local');
  customer = await signUp(t);
});
afterAll(() => t.close());

async function staffIdOf(email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, email));
  return row!.id;
}

const redirect = (session: string, customerId: string) =>
  t.post(session, '/api/external/customer-redirect', { customerId });

async function newLink(customerId = customer.id, session = admin): Promise<string> {
  const res = await redirect(session, customerId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string }>().url;
}

const open = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Opens a fresh link as the admin and answers the impersonated session's cookie. */
async function impersonate(customerId = customer.id): Promise<string> {
  const res = await open(await newLink(customerId), admin);
  expect(res.statusCode, res.body).toBe(302);
  return cookieHeader(res);
}

function expectRefusalPage(res: LightMyRequestResponse, status: number, heading: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toContain(`<h1>${heading}</h1>`);
  expect(res.cookies.find((c) => c.name === 'mp_customer')).toBeUndefined();
}

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

describe('POST /api/external/customer-redirect', () => {
  it('is 401 without a staff session (a customer session is not one)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/external/customer-redirect',
      payload: { customerId: customer.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await redirect(customer.cookie, customer.id)).statusCode).toBe(401);
  });

  it('is 403 without canEditCustomers (sales by default, a manager it is taken from), and 200 with it', async () => {
    const refused = async (email: string) => {
      const res = await redirect(await t.staffCookie(email), customer.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ACCESS_DENIED_MESSAGE });
    };
    const setFlag = (email: string, on: boolean) =>
      t.database.db
        .update(staffUsers)
        .set({
          permissions: sql`${staffUsers.permissions} || jsonb_build_object('canEditCustomers', ${on}::boolean)`,
        })
        .where(eq(staffUsers.email, email));
    await refused('sales@motorpool.local');
    // the demo manager is seeded with canEditCustomers
    expect((await redirect(await t.staffCookie('manager@motorpool.local'), customer.id)).statusCode).toBe(
      200,
    );
    await setFlag('manager@motorpool.local', false);
    await refused('manager@motorpool.local');
    await setFlag('sales@motorpool.local', true);
    expect((await redirect(await t.staffCookie('sales@motorpool.local'), customer.id)).statusCode).toBe(200);
    // back to the seeded flags for the tests that follow
    await setFlag('sales@motorpool.local', false);
    await setFlag('manager@motorpool.local', true);
  });

  it('is 400 without a customer id or with one that is not a uuid', async () => {
    const missing = await t.post(admin, '/api/external/customer-redirect', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ customerId: 'Choose a customer' });
    expect((await redirect(admin, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('is 404 for an unknown or deleted customer', async () => {
    const unknown = await redirect(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Customer not found' });
    const gone = await signUp(t);
    await t.database.db.delete(customers).where(eq(customers.id, gone.id));
    expect((await redirect(admin, gone.id)).statusCode).toBe(404);
  });

  it('is 409 for a suspended account, with a clear message', async () => {
    const suspended = await signUp(t);
    await t.database.db
      .update(customers)
      .set({ status: 'suspended', suspendedAt: new Date() })
      .where(eq(customers.id, suspended.id));
    const res = await redirect(admin, suspended.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This account is suspended. Reactivate it before opening its fleet app.');
  });

  it('answers a same-origin URL; only the digest is stored, for 5 minutes, and the creation is audited', async () => {
    const url = await newLink();
    expect(url).toMatch(/^\/api\/external\/impersonate\?token=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(url);
    const [row] = await t.database.db
      .select()
      .from(impersonationTokens)
      .where(eq(impersonationTokens.tokenDigest, tokenDigest(token)));
    expect(row).toMatchObject({ staffUserId: adminId, customerId: customer.id, usedAt: null });
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(5 * 60_000);
    const stored = await t.database.db.select().from(impersonationTokens);
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[0]);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'impersonation_start'), sql`${auditLogs.newValues}->>'passId' = ${row!.id}`),
      );
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: adminId,
      actorEmail: 'admin@motorpool.local',
      accountId: customer.id,
      resourceType: 'customer',
      resourceId: customer.id,
      success: true,
    });
    expect(JSON.stringify(audit)).not.toContain(token.split('.')[0]);
  });
});

describe('GET /api/external/impersonate', () => {
  it("opens the customer's fleet app as a customer session marked with the staff member, audited", async () => {
    const url = await newLink();
    const res = await open(url, admin);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/fleet-management?as=staff');
    const cookie = res.cookies.find((c) => c.name === 'mp_customer')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, tokenDigest(cookie.value)));
    expect(session).toMatchObject({
      kind: 'customer',
      customerId: customer.id,
      impersonatorStaffId: adminId,
    });
    expect(session!.idleTimeoutSeconds).toBe(30 * 60);
    const hours = (session!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(0.95);
    expect(hours).toBeLessThanOrEqual(1);

    const state = await t.get(cookieHeader(res), '/api/auth/customer');
    expect(state.json()).toMatchObject({
      isAuthenticated: true,
      customer: {
        id: customer.id,
        email: customer.email,
        impersonator: { id: adminId, name: 'Avery Admin' },
      },
    });
    // The customer's own session says nobody else is there.
    expect((await t.get(customer, '/api/auth/customer')).json().customer.impersonator).toBeNull();

    const uses = await auditRowsWhere(t, { action: 'impersonation_use', accountId: customer.id });
    expect(uses.at(-1)).toMatchObject({
      actorType: 'staff',
      actorId: adminId,
      resourceId: customer.id,
      success: true,
    });
  });

  it('a second use fails with a page, and opens nothing', async () => {
    const url = await newLink();
    expect((await open(url, admin)).statusCode).toBe(302);
    const again = await open(url, admin);
    expectRefusalPage(again, 410, 'This link was already used');
    expect(again.body).toContain('href="/admin?tab=fleet"');
    const [refused] = await auditRowsWhere(t, { action: 'impersonation_use', success: false });
    expect(refused).toMatchObject({ actorType: 'staff', actorId: adminId, accountId: customer.id });
  });

  it('of two uses at once, exactly one opens a session', async () => {
    const before = await impersonatedSessions();
    const url = await newLink();
    const answers = await Promise.all([open(url, admin), open(url, admin), open(url, admin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([302, 410, 410]);
    expect(await impersonatedSessions()).toBe(before + 1);
  });

  it('expires 5 minutes after it was made', async () => {
    const url = await newLink();
    clock.set(new Date(clock.now().getTime() + 5 * 60_000 + 1000));
    try {
      expectRefusalPage(await open(url, admin), 410, 'This link has expired');
    } finally {
      clock.set(new Date());
    }
    // Still within 5 minutes: works.
    const fresh = await newLink();
    clock.set(new Date(clock.now().getTime() + 4 * 60_000));
    try {
      expect((await open(fresh, admin)).statusCode).toBe(302);
    } finally {
      clock.set(new Date());
    }
  });

  it('a changed, forged or unknown token is refused as invalid, without a lookup or an audit row', async () => {
    const url = await newLink();
    const token = tokenOf(url);
    const [nonce, mac] = token.split('.') as [string, string];
    const flipped = `${nonce}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const otherKey = newSignedToken(randomBytes(32));
    // signed with the server's own key (no APP_SECRET in tests: the database's), but never issued
    const serverKey = await secretBox(t.database.db, undefined).signingKey('impersonation');
    const neverIssued = newSignedToken(serverKey);
    const auditsBefore = await t.database.db.$count(auditLogs);
    for (const bad of [flipped, `${nonce}x.${mac}`, otherKey, 'junk', '', neverIssued]) {
      expectRefusalPage(
        await open(`/api/external/impersonate?token=${encodeURIComponent(bad)}`, admin),
        400,
        'This link is not valid',
      );
    }
    expectRefusalPage(await open('/api/external/impersonate', admin), 400, 'This link is not valid');
    // neverIssued is signed by us, so it was looked up; nothing names an account, so no audit row.
    expect(await t.database.db.$count(auditLogs)).toBe(auditsBefore);
    // The real token was not spent by its altered copies.
    expect((await open(url, admin)).statusCode).toBe(302);
  });

  it('needs the staff session of the staff member it was made for; those refusals do not spend it', async () => {
    const url = await newLink();
    expectRefusalPage(await open(url), 401, 'Sign in to the back-office first');
    expectRefusalPage(await open(url, customer.cookie), 401, 'Sign in to the back-office first');
    const sales = await t.staffCookie('sales@motorpool.local');
    expectRefusalPage(await open(url, sales), 403, 'You cannot open customers&#39; fleet apps');
    await t.database.db
      .update(staffUsers)
      .set({ permissions: sql`${staffUsers.permissions} || '{"canEditCustomers": true}'::jsonb` })
      .where(eq(staffUsers.email, 'sales@motorpool.local'));
    expectRefusalPage(await open(url, sales), 403, 'This link is for another staff member');
    expect((await open(url, admin)).statusCode).toBe(302);
  });

  it('a suspended account opens nothing, even with a link made before the suspension', async () => {
    const other = await signUp(t);
    const url = await newLink(other.id);
    await t.database.db.update(customers).set({ status: 'suspended' }).where(eq(customers.id, other.id));
    expectRefusalPage(await open(url, admin), 409, 'This account is suspended');
  });

  it('a deleted account takes its links with it', async () => {
    const other = await signUp(t);
    const url = await newLink(other.id);
    await t.database.db.delete(customers).where(eq(customers.id, other.id));
    expectRefusalPage(await open(url, admin), 400, 'This link is not valid');
  });
});

describe('a session staff opened into an account', () => {
  let staffSession: string;
  beforeAll(async () => {
    await addCard(t, customer, CARDS.visa);
    staffSession = await impersonate();
  });

  const concrete = (url: string) =>
    url
      .replace(':email', encodeURIComponent(customer.email))
      .replace(':id', '00000000-0000-4000-8000-000000000000');

  it('is refused on every route declared noImpersonation: billing, plan, cards, passwords, team, the account itself', async () => {
    const refused = t.app.accessTable.filter(
      ({ access }) => 'customer' in access && access.noImpersonation === true,
    );
    const urls = refused.map(({ method, url }) => `${method} ${url}`);
    for (const expected of [
      'GET /api/customer/billing-info',
      'POST /api/customer/upgrade-plan',
      'POST /api/customer/add-payment-method',
      'POST /api/payments/sandbox/payment-methods',
      'POST /api/customer/change-password',
      'POST /api/auth/change-password',
      'POST /api/customer/delete-account',
      'GET /api/customer/data-export',
      'POST /api/fleet/team',
    ]) {
      expect(urls).toContain(expected);
    }
    for (const { method, url } of refused) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: concrete(url),
        headers: { cookie: staffSession },
        payload: method === 'GET' || method === 'DELETE' ? undefined : { junk: true },
      });
      expect([method, url, res.statusCode, res.json()]).toEqual([
        method,
        url,
        403,
        { message: IMPERSONATION_REFUSED_MESSAGE },
      ]);
    }
    // The customer's own session is not affected.
    expect((await t.get(customer, '/api/customer/billing-info')).statusCode).toBe(200);
  });

  it('cannot start a payment through the public checkout either', async () => {
    const res = await t.post(staffSession, '/api/create-subscription', { customerId: customer.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: IMPERSONATION_REFUSED_MESSAGE });
  });

  it('works in the fleet app, and every change is audited as the staff member acting for the account', async () => {
    expect((await t.get(staffSession, '/api/fleet/vehicles')).statusCode).toBe(200);
    expect((await t.get(staffSession, '/api/fleet/team')).statusCode).toBe(200);
    const added = await t.post(staffSession, '/api/fleet/vehicles', {
      make: 'Ford',
      model: 'Transit',
      year: 2022,
      vin: '1FTBW2CM5HKA12345',
      licensePlate: 'STAFF 1',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().vehicle.id as string;
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, id));
    expect(row!.customerId).toBe(customer.id);
    const [audit] = await auditRowsWhere(t, { resourceId: id, action: 'create' });
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: adminId,
      actorEmail: 'admin@motorpool.local',
      accountId: customer.id,
    });
  });

  it("cannot shed the impersonation by signing a child session in with the session's token", async () => {
    const token = staffSession.split('=')[1]!;
    const child = await t.app.inject({
      method: 'POST',
      url: '/api/auth/create-customer-session',
      payload: { user: { email: customer.email, token } },
    });
    expect(child.statusCode).toBe(200);
    const childCookie = cookieHeader(child);
    expect((await t.get(childCookie, '/api/auth/customer')).json().customer.impersonator).toMatchObject({
      id: adminId,
    });
    expect((await t.get(childCookie, '/api/customer/billing-info')).statusCode).toBe(403);
  });

  it('ends with a customer logout, audited as the staff member', async () => {
    const session = await impersonate();
    const out = await t.post(session, '/api/auth/customer-logout', {});
    expect(out.statusCode).toBe(200);
    expect((await t.get(session, '/api/fleet/vehicles')).statusCode).toBe(401);
    const [audit] = await auditRowsWhere(t, { action: 'logout', resourceId: customer.id });
    expect(audit).toMatchObject({ actorType: 'staff', actorId: adminId, accountId: customer.id });
  });
});

async function impersonatedSessions(): Promise<number> {
  return t.database.db.$count(sessions, isNotNull(sessions.impersonatorStaffId));
}
