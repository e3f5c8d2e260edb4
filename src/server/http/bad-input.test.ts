import { randomUUID } from 'node:crypto';
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
/** Raw JSON with prototype keys (a parser that honoured them would change every object). */
const PROTOTYPE_BODIES = [
  '{"__proto__": {"isAdmin": true}, "email": "a@b.co"}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  '{"a": {"__proto__": {"polluted": 1}}}',
];
/** Path segments as they arrive on the wire: NUL, a lone surrogate (CESU), an overlong NUL, broken escapes. */
const JUNK_IDS = [
  'not-a-uuid',
  '00000000-0000-4000-8000-000000000000',
  "x'%20or%20'1'%3D'1",
  '%00',
  '%ED%A0%80',
  '%C0%80',
  '%E0%A4%A',
  '%',
  'x'.repeat(5000),
];
const JUNK_QUERIES = [
  'page=-1&pageSize=abc&sort=%27&status=x',
  'search=%00&q=%ED%A0%80&page=1e308&pageSize=18446744073709551616',
  '__proto__=x&constructor=y&prototype=z&search=' + 'x'.repeat(20_000),
  'search=%E0%A4%A&status[]=a&status[__proto__]=b',
];

/** Values that break text or number columns. */
const BAD_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', 'x'.repeat(100_000)];
const BAD_NUMBERS = [1e308, -1e308, 2 ** 64, 2 ** 53 + 1, '1e400', '-0', 1.5];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  default?: unknown;
};

/** A plausible value for a JSON schema, so mutations reach the handlers and the database. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return sample(choice, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]),
    );
  }
  if (type === 'array') return [sample(schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email') return `junk.${randomUUID().slice(0, 8)}@example.com`;
  if (schema.format === 'uuid') return randomUUID();
  return 'Junk value';
}

/** Every leaf of a sample, with its path, to put bad values in one at a time. */
function leaves(value: unknown, path: string[] = []): Array<{ path: string[]; value: unknown }> {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string, unknown>;
  copy[path[0]!] = withValue(copy[path[0]!], path.slice(1), value);
  return copy;
}

/** The bodies to send to one route: the generic junk, then its own sample with each leaf broken. */
function bodiesFor(schema: JsonSchema | undefined): Array<string | undefined> {
  const bodies: Array<string | undefined> = JUNK_BODIES.map((b) => JSON.stringify(b));
  bodies.push(...PROTOTYPE_BODIES);
  // A key that is itself bad text.
  bodies.push(JSON.stringify({ 'bad\u0000key': 1, '\ud800': 'x' }));
  if (schema) {
    const base = sample(schema);
    for (const leaf of leaves(base)) {
      const bad = typeof leaf.value === 'number' ? [...BAD_NUMBERS, ...BAD_TEXT.slice(0, 2)] : BAD_TEXT;
      for (const value of bad) bodies.push(JSON.stringify(withValue(base, leaf.path, value)));
    }
  }
  return bodies;
}

describe('no input makes any API route answer 500', () => {
  it('every declared route, with every kind of junk, as staff and as a customer', async () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
      >;
    };
    const failures: string[] = [];
    let requests = 0;
    for (const { method, url } of t.app.accessTable) {
      // Logging out would end the sessions the rest of the loop uses; it takes no input anyway.
      if (url.includes('webhooks') || url.includes('logout')) continue;
      const openApiPath = url.replace(/:([a-z]+)/gi, '{$1}');
      const schema =
        doc.paths[openApiPath]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
      const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : bodiesFor(schema);
      for (const id of url.includes(':') ? JUNK_IDS : ['']) {
        for (const query of JUNK_QUERIES) {
          const path = `${url.replace(/:[a-z]+/gi, id)}?${query}`;
          for (const cookie of [admin, customer.cookie]) {
            // The full set of bodies once per route; the other paths and queries get the first few.
            const chosen = id === JUNK_IDS[0] && query === JUNK_QUERIES[0] ? bodies : bodies.slice(0, 3);
            for (const payload of chosen) {
              requests += 1;
              const res = await t.app.inject({
                method: method as 'GET',
                url: path,
                headers: { cookie, 'content-type': 'application/json' },
                payload,
              });
              if (res.statusCode >= 500)
                failures.push(
                  `${method} ${path.slice(0, 200)} ${String(payload).slice(0, 200)} -> ${res.statusCode} ${res.body}`,
                );
              else if (res.statusCode >= 400)
                expect(typeof res.json().message, `${method} ${path}`).toBe('string');
            }
          }
        }
      }
    }
    console.log(`bad-input: ${requests} requests, ${failures.length} answered 500`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
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
  }, 600_000);

  it('refuses NUL and unpaired surrogates with a 400 that names the field, everywhere', async () => {
    const cases = [
      { method: 'POST', url: '/api/customers', payload: { firstName: 'A\u0000' }, field: 'firstName' },
      { method: 'GET', url: '/api/fleet/vehicles?search=%00', field: 'search' },
      { method: 'PUT', url: '/api/plans/%00', payload: {}, field: 'id', cookie: admin },
      {
        method: 'POST',
        url: '/api/customer/update-billing-address',
        payload: { address: { street: '\ud800', city: 'X', state: 'CA', zipCode: '94000', country: 'US' } },
        field: 'address.street',
      },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { cookie: 'cookie' in c ? c.cookie : customer.cookie },
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json().errors, c.url).toHaveProperty([c.field]);
    }
  });
});
