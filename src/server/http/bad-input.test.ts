import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { signUp, type TestCustomer } from '../../../tests/setup/customers';

let t: TestApp;
let admin: string;
let customer: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.staffCookie('admin@motorpool.local');
  customer = await signUp(t, { planId: 'professional' });
});
afterAll(() => t.close());

/** Junk a client could send: wrong types, missing fields, odd ids, huge numbers, markup. */
const JUNK_BODIES: unknown[] = [
  {},
  { id: 42, email: ['x'], planId: null, price: 'free', vehicles: 'all', card: 'x', user: 1 },
  { email: 'a@b.co', password: 'x'.repeat(300), csv: 7, role: 'root', status: '<script>' },
  [],
  'text',
];
const JUNK_IDS = ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "x' or '1'='1"];

describe('no input makes any API route answer 500', () => {
  it('every declared route, with every kind of junk, as staff and as a customer', async () => {
    const failures: string[] = [];
    for (const { method, url } of t.app.accessTable) {
      // Logging out would end the sessions the rest of the loop uses; it takes no input anyway.
      if (url.includes('webhooks') || url.includes('logout')) continue;
      for (const id of url.includes(':') ? JUNK_IDS : ['']) {
        const path =
          url.replace(/:[a-z]+/gi, encodeURIComponent(id)) + '?page=-1&pageSize=abc&sort=%27&status=x';
        for (const cookie of [admin, customer.cookie]) {
          for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : JUNK_BODIES) {
            const res = await t.app.inject({
              method: method as 'GET',
              url: path,
              headers: { cookie, 'content-type': 'application/json' },
              payload: body === undefined ? undefined : JSON.stringify(body),
            });
            if (res.statusCode >= 500)
              failures.push(`${method} ${path} ${JSON.stringify(body)} -> ${res.statusCode} ${res.body}`);
            else if (res.statusCode >= 400)
              expect(typeof res.json().message, `${method} ${path}`).toBe('string');
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // the sessions held throughout, so the routes behind them were really reached
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin } })).statusCode,
    ).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/customer',
      headers: { cookie: customer.cookie },
    });
    expect(me.json().isAuthenticated).toBe(true);
  }, 120_000);
});
