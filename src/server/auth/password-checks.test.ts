import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { signUp, type TestCustomer } from '../../../tests/setup/customers';
import { TOO_MANY_PASSWORD_CHECKS } from './password-checks';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const URLS = ['/api/auth/change-password', '/api/customer/change-password'] as const;

const change = (url: string, c: TestCustomer | null, currentPassword: string, newPassword = 'N3w#Secret99') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: c ? { cookie: c.cookie } : {},
    payload: { currentPassword, newPassword },
  });

describe('password checks are limited per person, across URLs', () => {
  it('five wrong current passwords over both URLs, then even the right one waits', async () => {
    const c = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const res = await change(URLS[i % 2]!, c, 'Wrong#pass1');
      expect(res.statusCode).toBe(400);
    }
    for (const url of URLS) {
      const res = await change(url, c, c.password);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(TOO_MANY_PASSWORD_CHECKS);
    }
    // Deleting the account asks for the same password, so it shares the count.
    const del = await t.post(c, '/api/customer/delete-account', { password: c.password });
    expect(del.statusCode).toBe(429);
  });

  it('requests without a session are not counted against anyone', async () => {
    const c = await signUp(t);
    for (let i = 0; i < 20; i++)
      expect((await change(URLS[i % 2]!, null, 'Wrong#pass1')).statusCode).toBe(401);
    expect((await change(URLS[0], c, c.password)).statusCode).toBe(200);
  });

  it('the right password starts the count again', async () => {
    const c = await signUp(t);
    for (let i = 0; i < 4; i++) expect((await change(URLS[0], c, 'Wrong#pass1')).statusCode).toBe(400);
    expect((await change(URLS[1], c, c.password, 'N3w#Secret99')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await change(URLS[0], c, 'Wrong#pass1')).statusCode).toBe(400);
    expect((await change(URLS[1], c, 'N3w#Secret99', 'N3w#Secret100')).statusCode).toBe(200);
  });

  it('parallel guesses cannot exceed the limit together', async () => {
    const c = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => change(URLS[i % 2]!, c, 'Wrong#pass1')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 400)).toHaveLength(5);
    expect(codes.filter((s) => s === 429)).toHaveLength(7);
  });
});
