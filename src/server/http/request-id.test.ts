// X-Request-Id (docs/operations.md): every answer carries its request's id, the one its log lines carry;
// an incoming id is kept only behind a trusted proxy and only when it is sane.
import { Writable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { requestIdFrom } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withHeader = (id?: string) =>
  ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

describe('the request id', () => {
  const insane = ['', 'a'.repeat(129), 'two words', 'line\nbreak', 'quote"d', 'ünïcode', '<script>'];

  it('behind a trusted proxy keeps a sane incoming id, and makes a UUID for any other', () => {
    const id = requestIdFrom(true);
    for (const sane of [
      'abc-123',
      'a'.repeat(128),
      '0f3c9e0a-1b2c-4d5e-8f90-123456789abc',
      'Root=1-5e1b+x/y.z:0_1',
    ]) {
      expect(id(withHeader(sane))).toBe(sane);
    }
    for (const value of insane) expect(id(withHeader(value))).toMatch(UUID);
    expect(id(withHeader())).toMatch(UUID);
  });

  it('without TRUST_PROXY ignores the incoming id: a client cannot name log lines', () => {
    const id = requestIdFrom(false);
    expect(id(withHeader('abc-123'))).toMatch(UUID);
    expect(id(withHeader())).not.toBe(id(withHeader()));
  });
});

describe('X-Request-Id on the answers and in the log', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    [behindProxy, direct] = await Promise.all([
      createTestApp({ TRUST_PROXY: 'true' }, { logStream }),
      createTestApp({ TRUST_PROXY: 'false' }),
    ]);
  });
  afterAll(() => Promise.all([behindProxy?.close(), direct?.close()]));

  const get = (t: TestApp, url: string, id?: string) =>
    t.app.inject({ method: 'GET', url, headers: id ? { 'x-request-id': id } : {} });

  it('behind a trusted proxy answers with the incoming id, and logs the request under it', async () => {
    const res = await get(behindProxy, '/api/health', 'lb-7f3a-0001');
    expect(res.headers['x-request-id']).toBe('lb-7f3a-0001');
    const logged = lines.filter((line) => line.reqId === 'lb-7f3a-0001');
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces an insane incoming id with a UUID, on the answer and in the log alike', async () => {
    const res = await get(behindProxy, '/api/health', 'x'.repeat(200));
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(lines.filter((line) => line.reqId === id)).toHaveLength(2);
  });

  it('without TRUST_PROXY makes its own id whatever the client sends', async () => {
    const res = await get(direct, '/api/health', 'client-chosen');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('is on every answer: a 404, a refusal by the access hook, a bad body and a success', async () => {
    const answers = await Promise.all([
      get(direct, '/api/no-such-thing'),
      get(direct, '/api/admin/plans/stats'),
      direct.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      get(direct, '/api/ready'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 401, 400, 200]);
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
