// GET /api/ready (docs/operations.md): ready while the database answers, 503 with a reason when it
// does not or when the instance drains; GET /api/health keeps its answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { READY_PING_TIMEOUT_MS } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

/** Runs `work` with the database's ping replaced by `ping`. */
async function withPing<T>(ping: () => Promise<number>, work: () => Promise<T>): Promise<T> {
  const own = t.database.ping;
  t.database.ping = ping;
  try {
    return await work();
  } finally {
    t.database.ping = own;
  }
}

describe('GET /api/ready', () => {
  it('is 200 ready, without a session, while the database answers', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('is 503 database, with Retry-After, when the ping fails', async () => {
    const res = await withPing(() => Promise.reject(new Error('connection refused')), ready);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: 'database' });
    expect(res.headers['retry-after']).toBe('1');
  });

  it('is 503 database once the ping takes longer than its short timeout', async () => {
    const started = performance.now();
    const res = await withPing(() => new Promise<number>(() => undefined), ready);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: 'database' });
    expect(performance.now() - started).toBeLessThan(READY_PING_TIMEOUT_MS + 1000);
  });

  it('is 503 draining from the moment a shutdown begins, while health keeps answering', async () => {
    const healthBefore = await t.app.inject({ method: 'GET', url: '/api/health' });
    t.app.readiness.drain();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    expect(res.headers.connection).toBe('close');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Object.keys(health.json<object>())).toEqual(Object.keys(healthBefore.json<object>()));
    expect(health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
