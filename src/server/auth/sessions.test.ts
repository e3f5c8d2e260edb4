import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { signUp, type TestCustomer } from '../../../tests/setup/customers';
import { sessions } from '../db/schema';
import { tokenDigest } from './tokens';

let t: TestApp;
beforeAll(async () => {
  // No STAFF_IDLE_TIMEOUT_MINUTES: the default is under test.
  t = await createTestApp();
});
afterAll(() => t.close());

const STAFF = 'manager@motorpool.local';

/** Pretends the session was last used `minutes` ago. */
async function idleFor(token: string, minutes: number) {
  await t.database.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.id, tokenDigest(token)));
}

const tokenOf = (cookie: string, name: string) =>
  decodeURIComponent(
    cookie
      .split('; ')
      .find((c) => c.startsWith(`${name}=`))!
      .slice(name.length + 1),
  );

const staffMe = (cookie: string) => t.get(cookie, '/api/auth/user');
const customerMe = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/customer/billing-info',
    headers: { authorization: `Bearer ${token}` },
  });

describe('sessions end after their idle timeout, on the server', () => {
  it('staff: 30 minutes without a request by default', async () => {
    const cookie = await t.staffCookie(STAFF);
    const token = tokenOf(cookie, 'mp_staff');
    await idleFor(token, 29);
    expect((await staffMe(cookie)).statusCode).toBe(200);
    await idleFor(token, 31);
    expect((await staffMe(cookie)).statusCode).toBe(401);
  });

  it('STAFF_IDLE_TIMEOUT_MINUTES sets the staff timeout', async () => {
    const short = await createTestApp({ STAFF_IDLE_TIMEOUT_MINUTES: '5' });
    try {
      const cookie = await short.staffCookie(STAFF);
      const token = tokenOf(cookie, 'mp_staff');
      await short.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '6 minutes'` })
        .where(eq(sessions.id, tokenDigest(token)));
      const res = await short.get(cookie, '/api/auth/user');
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('a request counts as activity to the minute, without a write on every request', async () => {
    const cookie = await t.staffCookie(STAFF);
    const token = tokenOf(cookie, 'mp_staff');
    const idleSeconds = async () => {
      const [row] = await t.database.db
        .select({ idle: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::int` })
        .from(sessions)
        .where(eq(sessions.id, tokenDigest(token)));
      return row!.idle;
    };

    // Two minutes unused: the request is recorded (written after the answer, so wait for it).
    await idleFor(token, 2);
    expect((await staffMe(cookie)).statusCode).toBe(200);
    await expect.poll(idleSeconds, { timeout: 5_000 }).toBeLessThan(10);

    // Used half a minute ago: no write; the timeout stays right to the minute all the same.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '30 seconds'` })
      .where(eq(sessions.id, tokenDigest(token)));
    expect((await staffMe(cookie)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await idleSeconds()).toBeGreaterThanOrEqual(30);
  });

  it("customers: their portal's sessionTimeout, applied at once to open sessions when it changes", async () => {
    const c: TestCustomer = await signUp(t);
    await idleFor(c.token, 59);
    expect((await customerMe(c.token)).statusCode).toBe(200);
    await idleFor(c.token, 61); // the default is one hour
    expect((await customerMe(c.token)).statusCode).toBe(401);

    const fresh = await t.customerSession(c.email, c.password);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/customer/settings/${c.email}`,
      headers: { authorization: `Bearer ${fresh.token}` },
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/customer/settings/${c.email}`,
      headers: { authorization: `Bearer ${fresh.token}` },
      payload: { ...settings.json().settings, sessionTimeout: '4hours' },
    });
    expect(saved.statusCode).toBe(200);
    await idleFor(fresh.token, 61);
    expect((await customerMe(fresh.token)).statusCode).toBe(200);
    await idleFor(fresh.token, 241);
    expect((await customerMe(fresh.token)).statusCode).toBe(401);

    // New sessions take the account's setting too.
    const next = await t.customerSession(c.email, c.password);
    await idleFor(next.token, 200);
    expect((await customerMe(next.token)).statusCode).toBe(200);
  });

  it('saving the settings puts every session of the account on the saved timeout, changed or not', async () => {
    const c = await signUp(t);
    // A session that holds no timeout (signed in before sessions had one, or while an earlier save ran).
    await t.database.db
      .update(sessions)
      .set({ idleTimeoutSeconds: null })
      .where(eq(sessions.id, tokenDigest(c.token)));
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/customer/settings/${c.email}`,
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(settings.json().settings.sessionTimeout).toBe('1hour');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/customer/settings/${c.email}`,
      headers: { authorization: `Bearer ${c.token}` },
      payload: { ...settings.json().settings, manualSave: true },
    });
    expect(saved.statusCode).toBe(200);
    await idleFor(c.token, 61);
    expect((await customerMe(c.token)).statusCode).toBe(401);
  });
});

describe('a session made from another ends with it', () => {
  /** The fleet CRM's auto-login: a new session made from an existing one's token. */
  async function childSessionOf(token: string, email: string): Promise<string> {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/auth/create-customer-session',
      payload: { user: { email, token } },
    });
    expect(made.statusCode).toBe(200);
    return made.cookies.find((k) => k.name === 'mp_customer')!.value;
  }

  it('the fleet CRM session dies when the session it was made from logs out', async () => {
    const c = await signUp(t);
    const child = await childSessionOf(c.token, c.email);
    expect((await customerMe(child)).statusCode).toBe(200);
    const [parentRow] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, tokenDigest(c.token)));
    const [childRow] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, tokenDigest(child)));
    expect(childRow!.expiresAt.getTime()).toBeLessThanOrEqual(parentRow!.expiresAt.getTime());

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer-logout',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await customerMe(child)).statusCode).toBe(401);
  });

  it("the fleet CRM session's idle timeout is never longer than its parent's", async () => {
    const c = await signUp(t);
    // Whatever the account's setting says (one hour), the child is held to its parent's 30 minutes.
    await t.database.db
      .update(sessions)
      .set({ idleTimeoutSeconds: 30 * 60 })
      .where(eq(sessions.id, tokenDigest(c.token)));
    const child = await childSessionOf(c.token, c.email);
    await idleFor(child, 29);
    expect((await customerMe(child)).statusCode).toBe(200);
    await idleFor(child, 31);
    expect((await customerMe(child)).statusCode).toBe(401);
  });
});

describe('logout by navigation only for same-site requests', () => {
  const logout = (cookie: string, headers: Record<string, string | undefined>) =>
    t.app.inject({ method: 'GET', url: '/api/admin/logout', headers: { cookie, ...headers } });

  it('a link on another site does not sign staff out; it shows a page that asks', async () => {
    const cookie = await t.staffCookie(STAFF);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      {},
      { referer: 'https://evil.example/x' },
      { referer: 'http://localhost:8080/admin' },
    ]) {
      const res = await logout(cookie, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/<title>[^<]*Motorpool[^<]*<\/title>/);
      expect(res.body).toContain('not requested from Motorpool');
      expect(res.body).toContain('href="/api/admin/logout"');
      expect(res.body).toContain('href="/admin"');
      // The page works under the app's CSP: no script at all, and its <style> is allowed.
      expect(res.body).not.toContain('<script');
      expect(res.headers['content-security-policy']).toMatch(/style-src [^;]*'unsafe-inline'/);
      expect((await staffMe(cookie)).statusCode).toBe(200);
    }
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(json.statusCode).toBe(403);
    expect((await staffMe(cookie)).statusCode).toBe(200);
  });

  it('from our own pages (or a same-origin Referer) it ends the session and goes to sign-in', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' }, // typed in the address bar, or a bookmark
      { referer: 'http://localhost:80/admin' },
      // Behind a proxy that ends TLS (TRUST_PROXY unset) the request is plain HTTP, the page was not.
      { host: 'motorpool.example', referer: 'https://motorpool.example/admin' },
    ]) {
      const cookie = await t.staffCookie(STAFF);
      const res = await logout(cookie, headers);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin-login');
      expect((await staffMe(cookie)).statusCode).toBe(401);
    }
  });
});
