import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  useTestApp,
  DEMO_PASSWORD,
  cookieHeader,
  type TestApp,
} from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { sessions } from '../../db/schema';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const adminLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: { email, password } });

describe('staff sign-in', () => {
  it('signs in, sets an HttpOnly SameSite=Lax session cookie and answers the user', async () => {
    const res = await adminLogin('Admin@Motorpool.local', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Login successful',
      user: { email: 'admin@motorpool.local', role: 'admin' },
    });
    const cookie = res.cookies.find((c) => c.name === 'mp_staff')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.json().user.passwordHash).toBeUndefined();
    const me = await t.get(cookieHeader(res), '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'admin@motorpool.local',
      role: 'admin',
      permissions: { canEditPlans: true },
    });
  });

  it('answers the documented errorType for an unknown email and a wrong password, and audits both', async () => {
    const unknown = await adminLogin('nobody@motorpool.local', DEMO_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      success: false,
      errorType: 'invalid_email',
      message: 'No account found with this email address',
    });
    const wrong = await adminLogin('manager@motorpool.local', 'Wrong#Pass1');
    expect(wrong.json()).toEqual({
      success: false,
      errorType: 'invalid_password',
      message: 'Incorrect password',
    });
    const failures = await auditRowsWhere(t, { action: 'login', success: false });
    expect(failures.map((f) => f.actorEmail)).toEqual(
      expect.arrayContaining(['nobody@motorpool.local', 'manager@motorpool.local']),
    );
  });

  it('a customer account cannot sign in to the back-office', async () => {
    const res = await adminLogin('demo@fleetco.example', DEMO_PASSWORD);
    expect(res.json().errorType).toBe('invalid_email');
  });

  it('validates the form: both fields required, a valid email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(bad.json().errors.email).toBe('Please enter a valid email address');
  });

  it('GET /api/auth/user is 401 without a session or with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const forged = await t.get('mp_staff=forged-token', '/api/auth/user');
    expect(forged.statusCode).toBe(401);
  });

  it('a customer session is not a staff session', async () => {
    const { token } = await t.customerSession('demo@fleetco.example');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `mp_staff=${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout by navigation ends the session in the database and redirects to /admin-login', async () => {
    const cookie = await t.staffCookie('sales@motorpool.local');
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/admin/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/admin-login');
    const after = await t.get(cookie, '/api/auth/user');
    expect(after.statusCode).toBe(401);
  });

  it('/api/login sends the browser to /admin-login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin-login');
  });
});

describe('customer sign-in', () => {
  it('answers a token and the customer, sets the customer cookie, and points to the portal', async () => {
    const res = await t.customerLogin('demo@fleetco.example', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      redirectUrl: '/customer-dashboard',
      customer: {
        email: 'demo@fleetco.example',
        companyName: 'FleetCo Logistics',
        planId: 'professional',
        planName: 'Professional',
        firstName: 'Dana',
      },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.kind, 'customer'));
    expect(stored.every((s) => s.id !== body.token)).toBe(true); // only a digest is stored
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/api/auth/customer',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(viaBearer.json()).toMatchObject({
      isAuthenticated: true,
      customer: { email: 'demo@fleetco.example' },
    });
    const viaCookie = await t.get(cookieHeader(res), '/api/auth/customer');
    expect(viaCookie.json().isAuthenticated).toBe(true);
  });

  it('reports invalid_email and invalid_password', async () => {
    const a = await t.customerLogin('ghost@example.com', 'x');
    expect(a.json()).toMatchObject({ success: false, errorType: 'invalid_email' });
    const b = await t.customerLogin('demo@fleetco.example', 'x');
    expect(b.json()).toMatchObject({ success: false, errorType: 'invalid_password' });
  });

  it('a staff account is not a customer account', async () => {
    const res = await t.customerLogin('admin@motorpool.local', DEMO_PASSWORD);
    expect(res.json().errorType).toBe('invalid_email');
  });

  it('logout ends the session', async () => {
    const { cookie, token } = await t.customerSession('demo@fleetco.example');
    const out = await t.post(cookie, '/api/auth/customer-logout');
    expect(out.json()).toEqual({ success: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/customer',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toEqual({ isAuthenticated: false, customer: null });
  });

  it('points to the external fleet CRM with token and email when one is configured', async () => {
    const other = await createTestApp({ FLEET_CRM_URL: 'https://fleet.example.com/login' });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/auth/dealer-login',
        payload: { email: 'demo@fleetco.example', password: DEMO_PASSWORD },
      });
      const url = new URL(res.json().redirectUrl);
      expect(url.origin + url.pathname).toBe('https://fleet.example.com/login');
      expect(url.searchParams.get('email')).toBe('demo@fleetco.example');
      expect(url.searchParams.get('token')).toBe(res.json().token);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in rate limits', () => {
  it('past the per-account threshold of failures, asks for a browser check with a clear 429', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { email: 'admin@motorpool.local', password: 'Wrong#1' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        message: 'Too many failed sign-ins for this account. Complete the browser check to continue.',
        errorType: 'challenge_required',
        challenge: { id: expect.any(String), difficulty: expect.any(Number) },
      });
      // another account from the same address is still allowed
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        payload: { email: 'sales@motorpool.local', password: DEMO_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits attempts per address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '2' });
    try {
      const attempt = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/dealer-login',
          payload: { email, password: 'x' },
        });
      await attempt('a@example.com');
      await attempt('b@example.com');
      const blocked = await attempt('c@example.com');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    } finally {
      await limited.close();
    }
  });
});
