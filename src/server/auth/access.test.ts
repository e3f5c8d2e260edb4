import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

describe('route access declarations', () => {
  it('every API route declares its access; the table is reviewed as a snapshot', () => {
    const rows = t.app.accessTable
      .map(({ method, url, access }) => `${method.padEnd(6)} ${url.padEnd(34)} ${JSON.stringify(access)}`)
      .sort();
    expect(rows).toMatchSnapshot();
  });

  it('a route without a declaration cannot be registered', async () => {
    await expect(async () => {
      t.app.get('/api/undeclared', async () => ({ ok: true }));
    }).rejects.toThrow();
  });
});

describe('the access hook', () => {
  const adminOnly = [
    ['POST', '/api/plans'],
    ['PUT', '/api/plans/starter'],
    ['PATCH', '/api/plans/starter'],
    ['DELETE', '/api/plans/starter'],
    ['POST', '/api/plans/starter/duplicate'],
    ['GET', '/api/admin/plans/stats'],
    ['GET', '/api/auth/user'],
  ] as const;

  it.each(adminOnly)(
    '%s %s is 401 without a session, before input is even looked at',
    async (method, url) => {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : { junk: true },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required' });
    },
  );

  it('a customer session opens no staff route', async () => {
    const { token, cookie } = await t.customerSession('demo@fleetco.example');
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/plans/stats',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);
    const withCookie = await t.delete(cookie, '/api/plans/starter');
    expect(withCookie.statusCode).toBe(401);
  });
});
