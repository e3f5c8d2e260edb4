// What building the app costs every start (docs/performance.md, cold start): held by what it loads and
// registers, never by timings.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { useTestApp, type TestApp } from '../../tests/setup/test-app';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const require = createRequire(import.meta.url);
/** Fastify's default JSON-schema compilers and what they load. */
const JSON_SCHEMA_COMPILERS =
  /node_modules\/(ajv|@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler)\//;
const loadedCompilerFiles = () =>
  Object.keys(require.cache).filter((file) => JSON_SCHEMA_COMPILERS.test(file));

describe('building the app', () => {
  it("never loads Fastify's default JSON-schema compilers: every route uses its zod schemas", async () => {
    // Other apps built in this worker (tests share loaded modules) may have loaded them: forget them first.
    for (const file of loadedCompilerFiles()) delete require.cache[file];

    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database: t.database,
      logger: false,
    });
    try {
      await app.ready();
      expect(loadedCompilerFiles()).toEqual([]);
      // The routes still validate and serialise, with zod.
      const bad = await app.inject({ method: 'GET', url: '/api/plans/x/y' });
      expect(bad.statusCode).toBe(404);
      const invalid = await app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        payload: { email: 1 },
      });
      expect(invalid.statusCode).toBe(400);
      const plans = await app.inject({ method: 'GET', url: '/api/plans' });
      expect(plans.statusCode).toBe(200);
      expect(Array.isArray(plans.json())).toBe(true);
    } finally {
      await app.close();
    }
  });
});
