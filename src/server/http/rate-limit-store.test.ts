import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

// Two instances of the app on one database (on PostgreSQL, each with its own pool): a limit reached
// through one holds through the other, because the counts live in the database.
let t: TestApp;
let second: { app: FastifyInstance; close(): Promise<void> };
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_ACCOUNT: '2' });
  second = await t.secondInstance();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const signIn = (app: FastifyInstance, email: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/dealer-login',
    remoteAddress: ip,
    payload: { email, password: 'Wrong#pass1' },
  });

describe('rate limits hold across instances', () => {
  it('the per-address limit reached through one instance answers 429 through the other', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i++) {
      const res = await signIn(i % 2 ? second.app : t.app, `someone${i}@example.com`, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(second.app, 'someone.else@example.com', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    // Another address is not affected.
    expect((await signIn(t.app, 'someone@example.com', '203.0.113.8')).statusCode).toBe(401);
  });

  it('the per-account limit reached through one instance asks for a proof through the other', async () => {
    const email = `target.${Date.now()}@example.com`;
    expect((await signIn(t.app, email, '198.51.100.1')).statusCode).toBe(401);
    expect((await signIn(t.app, email, '198.51.100.2')).statusCode).toBe(401);
    const asked = await signIn(second.app, email, '198.51.100.3');
    expect(asked.statusCode).toBe(429);
    expect(asked.json().errorType).toBe('challenge_required');
  });
});
