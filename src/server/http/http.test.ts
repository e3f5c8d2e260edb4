import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { registerSecurity, securityHeaderOptions } from './security';
import { CLIENT_PATHS } from '../../shared/client-routes';

let t: TestApp;
let admin: string;
useTestApp({ env: { BODY_LIMIT_BYTES: '2048' }, staff: ['admin'] }, (opened) => ({ t, admin } = opened));

describe('bad input never produces a 500', () => {
  it('unknown /api paths answer JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('malformed JSON is a 400 with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{"id": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('an oversized body is a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('form and text bodies are refused (JSON only), which also blocks form-based CSRF', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        headers: { 'content-type': type },
        payload: 'email=admin@motorpool.local&password=x',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/application\/json/);
    }
  });

  it('wrong types and missing bodies are 400s naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dealer-login',
      payload: { email: 42, password: null },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
    const none = await t.app.inject({ method: 'POST', url: '/api/customers' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBeTruthy();
  });
});

describe('same-origin mutations', () => {
  /** The admin creates a plan from a page served by `origin` (the app is at localhost:5000). */
  const createPlanFrom = (origin: string, plan: { id: string; name: string; price: number }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: { cookie: admin, origin, host: 'localhost:5000' },
      payload: plan,
    });

  it('refuses a mutation from another origin and changes nothing', async () => {
    const res = await createPlanFrom('https://evil.example', { id: 'evil-plan', name: 'Evil', price: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    const plans = await t.get(admin, '/api/plans');
    expect(plans.json<{ id: string }[]>().map((p) => p.id)).not.toContain('evil-plan');
  });

  it('accepts a mutation from our own origin', async () => {
    const res = await createPlanFrom('http://localhost:5000', { id: 'own-plan', name: 'Own', price: 1 });
    expect(res.statusCode).toBe(201);
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and friends', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/frame-src 'self'(;|$)/); // no Stripe sources with the sandbox provider
    expect(csp).not.toContain('stripe');
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('are exactly the headers @fastify/helmet sets with the same options, on every kind of answer', async () => {
    const headersOf = async (register: (app: ReturnType<typeof Fastify>) => Promise<void>) => {
      const app = Fastify({ logger: false });
      await register(app);
      app.get('/page', async () => ({ ok: true }));
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/page' }),
        app.inject({ method: 'GET', url: '/missing' }),
      ]);
      await app.close();
      return answers.map(({ headers }) => {
        const { date: _date, ...rest } = headers;
        return rest;
      });
    };
    for (const options of [
      { dev: false, stripe: false },
      { dev: false, stripe: true },
      { dev: true, stripe: false },
      { dev: true, stripe: true },
    ]) {
      const ours = await headersOf((app) => registerSecurity(app, options));
      const theirs = await headersOf((app) => app.register(fastifyHelmet, securityHeaderOptions(options)));
      expect(ours).toEqual(theirs);
      expect(Object.keys(ours[0]!)).toEqual(expect.arrayContaining(['content-security-policy']));
    }
    // The app sends them too: on an API answer, an error and a refused request.
    const expected = (await headersOf((app) => registerSecurity(app, { dev: false, stripe: false })))[0]!;
    for (const res of [
      await t.get(admin, '/api/plans'),
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await t.app.inject({ method: 'GET', url: '/api/admin/plans/stats' }),
    ]) {
      for (const [name, value] of Object.entries(expected)) {
        if (name.startsWith('content-') && name !== 'content-security-policy') continue;
        if (name === 'connection') continue;
        expect(res.headers[name], name).toBe(value);
      }
    }
  });
});

describe('health', () => {
  it('answers 200 with the database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('serving the client', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-client-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<title>%APP_NAME%</title><div id="root"></div>');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(dir, 'assets', 'fonts'));
    fs.writeFileSync(path.join(dir, 'assets', 'fonts', 'inter-def456.woff2'), 'font');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1');
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', APP_NAME: 'Fleet <One>' }),
      database: t.database,
      clientDir: dir,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html with the product name (escaped) for every client path', async () => {
    for (const url of ['/', '/customer-login', '/admin?tab=plans', '/plans', '/checkout?customerId=x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Fleet &#60;One&#62;</title>');
    }
  });

  it('answers every path of the client route table with 200 and the HTML shell', async () => {
    // CLIENT_PATHS is the table routes.tsx builds its routes from (typed by it), so every page the
    // client renders is here: /forgot-password and /reset-password used to render under a 404.
    expect(CLIENT_PATHS).toEqual(expect.arrayContaining(['/forgot-password', '/reset-password']));
    for (const route of CLIENT_PATHS) {
      for (const url of [route, `${route}?x=1`]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body, url).toContain('<div id="root"></div>');
      }
    }
  });

  it('answers unknown paths with the client (which shows 404 Page Not Found) and a real 404 status', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toBe('console.log(1)');
    // One route serves every file under assets/, nested ones too, for GET and HEAD: not a route per
    // file, which made every start pay for hundreds of them (docs/performance.md, cold start).
    expect(app.printRoutes()).not.toContain('abc123');
    const nested = await app.inject({ method: 'GET', url: '/assets/fonts/inter-def456.woff2' });
    expect(nested.statusCode).toBe(200);
    expect(nested.headers['cache-control']).toContain('immutable');
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves the unhashed files beside index.html without a long cache life, dotfiles not at all', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<svg/>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'HEAD', url: '/favicon.svg' })).statusCode).toBe(200);
    const dotfile = await app.inject({ method: 'GET', url: '/.env' });
    expect(dotfile.statusCode).toBe(404);
    expect(dotfile.body).not.toContain('SECRET');
  });

  it('answers a missing asset with the 404 page', async () => {
    for (const url of ['/assets/app-gone999.js', '/assets/', '/assets/fonts']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });

  it('never serves a file from outside the assets folder through it', async () => {
    // Over a real socket: inject() would resolve the dot segments before the router saw them.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const get = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
        );
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const target of [
      '/assets/../favicon.svg',
      '/assets/%2e%2e/favicon.svg',
      '/assets/%2e%2e/.env',
      '/assets/..%2f.env',
      '/assets/..%5c.env',
      '/assets//etc/hostname',
    ]) {
      const answer = await get(target);
      expect(answer, target).toMatch(/^HTTP\/1\.1 (403|404) /);
      expect(answer, target).not.toContain('SECRET');
      expect(answer, target).not.toContain('<svg/>');
    }
  });
});
