import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { accountRows, randomVin, signUp, unique, type TestCustomer } from '../../../tests/setup/customers';
import { bodySchemaOf, operationOf, withValue, type JsonSchema } from '../../../tests/setup/openapi';
import { OWNED_TABLES } from '../db/account-scope';
import { customers, sandboxPaymentMethods } from '../db/schema';

/**
 * Account B, signed in, names account A's rows on every customer route that takes an id, and is
 * answered as if they did not exist, with A's data unchanged and none of it in any answer. The
 * routes and their ids come from the app itself (the access table and the OpenAPI document), so a
 * new customer route that takes an id is tested as soon as it is registered, and fails here until
 * this file knows which of an account's rows its id names.
 */

/** The kind of row each id names: by the path segment before `:id`, or by the field's name. */
const KIND_OF: Record<string, string> = {
  vehicles: 'vehicle',
  drivers: 'driver',
  maintenance: 'maintenance',
  team: 'teamMember',
  invoices: 'invoice',
  'payment-methods': 'paymentMethod',
  tickets: 'supportTicket',
  vehicleId: 'vehicle',
  assignedVehicleId: 'vehicle',
  // The processor's token of a card, which the add-card form sends.
  paymentMethodId: 'cardToken',
};
/** Ids of rows every account shares (a plan is not one account's). */
const SHARED_IDS = new Set(['planId']);
const isIdField = (name: string, schema?: JsonSchema) =>
  name === 'id' || name.endsWith('Id') || schema?.format === 'uuid';

/**
 * How a foreign id in a body is refused: as the form shows it, on the field, the way an unknown
 * id of one's own would be (`fleet.test.ts` and `portal/routes.test.ts` hold these answers too).
 */
const NOT_YOUR_VEHICLE = 'Choose a vehicle from your fleet';
const BODY_REFUSAL: Record<string, { status: number; body: Record<string, unknown> }> = {
  vehicleId: { status: 400, body: { errors: { vehicleId: NOT_YOUR_VEHICLE } } },
  assignedVehicleId: { status: 400, body: { errors: { assignedVehicleId: NOT_YOUR_VEHICLE } } },
  paymentMethodId: { status: 400, body: { message: 'This payment method belongs to another customer.' } },
};

type Rows = Record<string, string> & { email: string };

let t: TestApp;
let a: TestCustomer;
let b: TestCustomer;
let rowsOfA: Rows;
let rowsOfB: Rows;

/** One row of every kind an account owns, and its email (a portal path names the account by it). */
async function rowsOf(c: TestCustomer): Promise<Rows> {
  return { email: c.email, ...(await accountRows(t, c)) };
}

/** Every row of the account's, in our tables and at the card processor, to compare before and after. */
async function snapshotOf(customerId: string, cardTokens: string[]) {
  const db = t.database.db;
  const tables = await Promise.all(
    OWNED_TABLES.map((table) => db.select().from(table).where(eq(table.customerId, customerId))),
  );
  const account = await db.select().from(customers).where(eq(customers.id, customerId));
  const cards = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(inArray(sandboxPaymentMethods.id, cardTokens));
  const sorted = tables.map((rows) => JSON.stringify(rows.map((r) => JSON.stringify(r)).sort()));
  return { account, tables: sorted, cards };
}

/** A body its contract accepts, with `own` rows for every id in it. */
function sample(schema: JsonSchema | undefined, own: Rows, name = ''): unknown {
  if (!schema) return undefined;
  if (isIdField(name, schema) && KIND_OF[name]) return own[KIND_OF[name]!];
  const choice = schema.anyOf?.[0];
  if (choice) return sample(choice, own, name);
  if (schema.enum) return schema.enum[0];
  if (schema.format === 'email') return `someone.${unique()}@example.com`;
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2024-01-15';
  const byName: Record<string, unknown> = {
    vin: randomVin(),
    licensePlate: `ISO ${unique()}`,
    year: 2021,
    phone: '+15551234567',
  };
  if (name in byName) return byName[name];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sample(child, own, key)]),
    );
  if (type === 'array') return [sample(schema.items, own, name)];
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  return 'Test value';
}

/** The paths of the id fields in a body sample. */
function idPaths(schema: JsonSchema | undefined, path: string[] = []): string[][] {
  if (!schema) return [];
  const inner = schema.anyOf?.[0] ?? schema;
  return Object.entries(inner.properties ?? {}).flatMap(([key, child]) =>
    isIdField(key, child) ? [[...path, key]] : idPaths(child, [...path, key]),
  );
}

type Case = {
  label: string;
  method: string;
  url: string;
  payload?: unknown;
  expect: (res: { statusCode: number; json(): Record<string, unknown> }) => void;
};

/** For each customer route that takes an id: one request per id, naming account A's row there. */
function casesOf(): { cases: Case[]; unknown: string[] } {
  const cases: Case[] = [];
  const unknown: string[] = [];
  const kindOf = (where: string, key: string) => {
    const kind = KIND_OF[key];
    if (!kind || !(kind in rowsOfA)) unknown.push(`${where}: which account row does "${key}" name?`);
    return kind;
  };
  for (const { method, url, access } of t.app.accessTable) {
    if (!('customer' in access)) continue;
    const route = `${method} ${url}`;
    const op = operationOf(t.app, method, url);
    const bodySchema = bodySchemaOf(op);
    const body = () => sample(bodySchema, rowsOfB);
    const params = [...url.matchAll(/:([a-z]+)/gi)].map((m) => m[1]!);
    // B's own row in every path parameter, A's in the one under test.
    const pathWith = (rows: (name: string) => string) => url.replace(/:([a-z]+)/gi, (_, name) => rows(name));
    const segmentKind = (name: string) =>
      name === 'email' ? 'email' : kindOf(route, url.split(`/:${name}`)[0]!.split('/').at(-1)!);
    const own = (name: string) => rowsOfB[segmentKind(name) ?? ''] ?? randomUUID();

    for (const param of params) {
      const kind = segmentKind(param);
      if (!kind) continue;
      cases.push({
        label: `${route} with A's ${kind} in :${param}`,
        method,
        url: pathWith((name) => (name === param ? rowsOfA[kind]! : own(name))),
        payload: body(),
        // The email in a portal path names the account: another's is refused as not yours.
        expect: (res) => {
          if (kind !== 'email') return expect(res.statusCode).toBe(404);
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ message: 'You can only access your own account.' });
        },
      });
    }
    for (const query of op.parameters?.filter((p) => p.in === 'query' && isIdField(p.name)) ?? []) {
      if (SHARED_IDS.has(query.name)) continue;
      const kind = kindOf(route, query.name);
      if (!kind) continue;
      // A filter by a foreign id finds nothing of A's; the leak check below holds it to that.
      cases.push({
        label: `${route} with A's ${kind} in ?${query.name}`,
        method,
        url: `${pathWith(own)}?${query.name}=${rowsOfA[kind]}`,
        expect: (res) => expect(res.statusCode).toBe(200),
      });
    }
    for (const path of idPaths(bodySchema)) {
      const field = path.at(-1)!;
      if (SHARED_IDS.has(field)) continue;
      const kind = kindOf(route, field);
      const refusal = BODY_REFUSAL[field];
      if (!refusal) unknown.push(`${route}: how is a foreign "${field}" refused? (BODY_REFUSAL)`);
      if (!kind || !refusal) continue;
      cases.push({
        label: `${route} with A's ${kind} in body.${path.join('.')}`,
        method,
        url: pathWith(own),
        payload: withValue(body(), path, rowsOfA[kind]),
        expect: (res) => {
          expect(res.statusCode).toBe(refusal.status);
          expect(res.json()).toMatchObject(refusal.body);
        },
      });
    }
  }
  return { cases, unknown };
}

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await signUp(t, { planId: 'enterprise' }), await signUp(t, { planId: 'enterprise' })];
  rowsOfA = await rowsOf(a);
  rowsOfB = await rowsOf(b);
}, 120_000);
afterAll(() => t.close());

describe("another account's ids", () => {
  it('answer 404 on every customer route that takes one, change nothing and show nothing', async () => {
    const { cases, unknown } = casesOf();
    expect(unknown, 'customer routes whose ids this test cannot fill yet').toEqual([]);
    // Every kind of row an account owns was named somewhere, so no route was skipped for want of one.
    const named = new Set(cases.map((c) => c.label.match(/A's (\w+)/)![1]));
    expect([...named].sort()).toEqual(Object.keys(rowsOfA).sort());

    const secrets = Object.values(rowsOfA);
    const before = await snapshotOf(a.id, [rowsOfA.cardToken!]);
    const failures: string[] = [];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method as 'GET',
        url: c.url,
        headers: { cookie: b.cookie },
        ...(c.payload === undefined ? {} : { payload: c.payload as Record<string, unknown> }),
      });
      try {
        c.expect(res);
        const leaked = secrets.filter((s) => res.body.includes(s));
        expect(leaked, 'values of A in the answer').toEqual([]);
      } catch (error) {
        failures.push(
          `${c.label}: ${res.statusCode} ${res.body.slice(0, 200)} (${(error as Error).message})`,
        );
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotOf(a.id, [rowsOfA.cardToken!])).toEqual(before);
  }, 120_000);
});
