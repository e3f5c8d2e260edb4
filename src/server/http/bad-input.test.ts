import { randomUUID } from 'node:crypto';
import { DEFAULT_FEATURE_ACCESS } from '../../shared/feature-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../tests/fakes/smtp-server';
import { startHubspotServer, type FakeHubspot } from '../../../tests/fakes/hubspot-server';
import { startSalesforceServer, type FakeSalesforce } from '../../../tests/fakes/salesforce-server';
import { staffWith } from '../../../tests/setup/staff';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { raiseAlert } from '../modules/system-health';
import { systemAlerts } from '../db/schema';
import { API_SECRET_FIELDS, API_URL_FIELDS } from '../../shared/contracts/system-settings';
import {
  accountRows,
  created,
  randomVin,
  signUp,
  startCheckout,
  unique,
  type TestCustomer,
} from '../../../tests/setup/customers';
import {
  bodySchemaOf,
  operationOf,
  withValue,
  type JsonSchema,
  type Parameter,
} from '../../../tests/setup/openapi';

/**
 * Junk to every declared API route, as staff and as a customer. Each route first gets a body, path
 * and query that its own contract accepts, built from the OpenAPI document plus a few values by
 * field name (a phone, a VIN, ids of real rows); then one part at a time is broken. So a bad value
 * reaches the handler and the database on its own, as it would from a hostile client, instead of
 * being refused for some other field.
 */

let t: TestApp;
let admin: string;
let customer: TestCustomer;
let mail: MailCatcher;
let hubspot: FakeHubspot;
let salesforce: FakeSalesforce;
/** Rows of the customer's own (and plans), so ids in paths and bodies find something. */
const real: Record<string, string> = {};

beforeAll(async () => {
  // API secrets are sealed with a configured key: without one, on PostgreSQL, saving a secret is a
  // 503 on purpose (system-settings.test.ts), and on PGlite a key file would be made in ./data.
  // Test emails go to a local mail server: the SendGrid key the loop saves must not send to SendGrid.
  // The CRM connection test signs in with the keys the loop saves: to local HubSpot and Salesforce
  // servers, which refuse them at once. Against the real ones, each test waited out the retries of a
  // network failure (about 2 s, half the file's time) and the loop's keys went to the internet.
  mail = await startMailCatcher();
  [hubspot, salesforce] = await Promise.all([startHubspotServer(), startSalesforceServer()]);
  t = await createTestApp({
    SETTINGS_ENCRYPTION_KEY: '11'.repeat(32),
    SMTP_URL: mail.url,
    HUBSPOT_API_URL: hubspot.url,
    SALESFORCE_INSTANCE_URL: salesforce.url,
  });
  admin = await t.staffCookie('admin@motorpool.local');
  // A plan without limits, so the rows the loop creates never run into one and hide a bad value;
  // a dearer one to upgrade to; one to edit through /api/plans/:id.
  const plan = async (price: number) => {
    const id = `junk-${unique()}`;
    await created(t, admin, '/api/plans', { id, name: `Junk ${unique()}`, price });
    return id;
  };
  const roomy = await plan(50);
  real.dearerPlan = await plan(500);
  real.plans = await plan(10);
  customer = await signUp(t, { planId: roomy });
  // A row of every kind the customer owns; a second customer's checkout stays open for the confirm route.
  const rows = await accountRows(t, customer);
  real.checkoutSecret = await startCheckout(t, await signUp(t));
  real.paymentMethodToken = rows.cardToken;
  real.invoices = rows.invoice;
  real['payment-methods'] = rows.paymentMethod;
  real.vehicles = rows.vehicle;
  real.drivers = rows.driver;
  real.maintenance = rows.maintenance;
  real.team = rows.teamMember;
  // Support: the customer's ticket (portal and staff routes alike), and a manager to assign it to.
  real.tickets = rows.supportTicket;
  real.supportAssignee = (await staffWith(t, 'manager')).id;
  // Staff customer routes act on another account: suspending or editing it leaves the loop's sessions alone.
  real.customers = (await signUp(t)).id;
  // Team routes act on a member of their own, never on the admin the loop signs in as.
  real.users = (await staffWith(t, 'sales')).id;
  real.salesUser = (await staffWith(t, 'sales')).id;
  // The card the customer added was told to staff.
  real.notifications = (await t.get(admin, '/api/admin/notifications')).json().notifications[0].id;
  const quote = await t.post(customer, '/api/customer/preview-plan-change', { planId: real.dearerPlan });
  real.upgradeAmount = String(quote.json().amountDueToday);
  // Refund and retry routes act on a real payment (the customer's checkout).
  real.payments = (await t.get(admin, '/api/admin/payments')).json().items[0].id;
  // System Health: an open alert to resolve.
  await raiseAlert(t.database.db, {
    type: 'info',
    conditionKey: 'bad-input',
    message: 'Test',
    instanceId: null,
  });
  real.alerts = (await t.database.db.select({ id: systemAlerts.id }).from(systemAlerts))[0]!.id;
  // Email Settings: a template id, and a message in the outbox to read.
  real.templates = 'onboarding_2';
  const queued = await t.app.services.email.queue(t.database.db, {
    template: 'password_changed',
    to: { email: customer.email },
    data: { firstName: 'J', lastName: 'D', email: customer.email, signInUrl: 'x' },
  });
  real.outbox = queued.status === 'queued' ? queued.id : '';
  // External Database: an ended import to read (`/api/admin/external-db/jobs/:id`).
  const imported = await t.app.services.backgroundJobs.start({
    kind: 'external-db:customers',
    startedByStaffId: null,
    work: async () => ({ synced: 0, errors: [] }),
  });
  await t.app.services.backgroundJobs.idle();
  real.jobs = imported.job.id;
  // Expenses: one to correct and delete.
  const expense = await t.post(admin, '/api/admin/expenses', {
    date: '2026-11-01',
    category: 'hosting',
    description: 'Junk',
    amount: 10,
  });
  real.expenses = expense.json<{ expense: { id: string } }>().expense.id;
  // CRM: a customer and a team user to sync (refused: the CRM stays off); the import above is the job
  // the CRM's job route must not answer (another area's kind).
  real.customer = real.customers;
  real.user = real.users;
});
afterAll(async () => {
  await t.close();
  await Promise.all([mail.close(), hubspot.close(), salesforce.close()]);
});

/** A path parameter that names a real row: `:email` is the customer's, `:id` follows its segment. */
function realParam(url: string, name: string): string {
  if (name === 'email') return customer.email;
  const segment = url.split('/:')[0]!.split('/').at(-1)!;
  const id = real[segment];
  if (!id) throw new Error(`bad-input.test.ts: give ${url} a real :${name} (the \`real\` rows)`);
  return id;
}

/** Where a value must differ by route: an upgrade needs a dearer plan than the customer's. */
const ROUTE_VALUES: Record<string, Record<string, () => unknown>> = {
  // expectedAmount: what the preview said the upgrade charges today (it holds for 15 minutes).
  'POST /api/customer/upgrade-plan': {
    planId: () => real.dearerPlan,
    expectedAmount: () => Number(real.upgradeAmount),
  },
  // Staff change another account's plan (a trial on Starter): to a dearer plan, at today's price.
  'POST /api/admin/customers/:id/preview-plan-change': { planId: () => real.dearerPlan },
  'POST /api/admin/customers/:id/change-plan': {
    planId: () => real.dearerPlan,
    expectedAmount: () => undefined,
  },
  // A vehicle has one driver: every driver created on it after the first would be refused for that.
  'POST /api/fleet/drivers': { assignedVehicleId: () => null },
  'PUT /api/fleet/drivers/:id': { assignedVehicleId: () => null },
  // A ticket goes to staff whose role opens Support.
  // (under either name: both given must name the same member)
  'PATCH /api/admin/support/tickets/:id': {
    assignedToStaffId: () => real.supportAssignee,
    assignedTo: () => real.supportAssignee,
  },
  // The CRM stays off: the HubSpot key the loop saves must never reach HubSpot.
  'PUT /api/admin/crm/config': { enabled: () => false, autoSync: () => false, syncInterval: () => 24 },
  // Keys have no spaces; URL fields must be URLs; a field is either set or cleared.
  'PUT /api/admin/api-settings': {
    ...Object.fromEntries(API_SECRET_FIELDS.map((field) => [field, () => `key-${unique()}`])),
    ...Object.fromEntries(API_URL_FIELDS.map((field) => [field, () => 'https://api.example.com'])),
    clear: () => [],
  },
};

/** Values the contracts check beyond their JSON schema (patterns, refinements, rows that exist). */
function goodValue(name: string, schema: JsonSchema, route: string): unknown {
  const forRoute = ROUTE_VALUES[route];
  if (forRoute?.[name]) return forRoute[name]();
  // New people (sign-up, drivers, team) get a fresh email; portal routes take the customer's own.
  if (schema.format === 'email') return `junk.${unique()}@example.com`;
  switch (name) {
    case 'email':
      return customer.email;
    case 'phone':
    case 'contactPhone':
      return '+15551234567';
    case 'password':
    case 'confirmPassword':
    case 'newPassword':
      return 'Junk#Pass-2026'; // also a wrong password, so delete-account keeps the account
    case 'currentPassword':
      return 'Wrong#Pass-2026'; // a right one would change the password the loop signs in with
    case 'planId':
      return 'starter';
    case 'id':
      return `junk-${unique()}`;
    case 'customerId':
      return customer.id;
    case 'salesUserId':
      return real.salesUser;
    case 'paymentMethodId':
      return real.paymentMethodToken;
    case 'clientSecret':
      return real.checkoutSecret;
    case 'paymentIntentId':
      return real.checkoutSecret!.split('_secret_')[0];
    case 'number':
      return '4242424242424242';
    case 'cvc':
      return '123';
    case 'expMonth':
      return 12;
    case 'expYear':
      return 2034;
    case 'vin':
      return randomVin();
    case 'licensePlate':
      return `JNK ${Math.floor(Math.random() * 1e6)}`;
    case 'year':
      return 2020;
    case 'vehicleId':
    case 'assignedVehicleId':
      return real.vehicles;
    case 'zipCode':
      return '94000';
    case 'csv':
      return `make,model,year,vin,licensePlate\nFord,Transit,2020,${randomVin()},JNK 2`;
    case 'tab':
      return 'billing';
    case 'featureAccess':
      return { ...DEFAULT_FEATURE_ACCESS };
    case 'completedDate':
      return '2024-01-15';
    default:
      return schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? '2030-01-15' : undefined;
  }
}
/**
 * Optional fields that would turn the request into another one (a payment link, a sign-in proof), or
 * that are declared only to be refused with why (a creator's `temporaryPassword`).
 */
const LEAVE_OUT = new Set(['link', 'proof', 'temporaryPassword']);

/** A value the schema accepts, so mutations reach the handlers and the database. */
function sample(schema: JsonSchema | undefined, route: string, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const good = goodValue(name, schema, route);
  if (good !== undefined) return good;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return sample(choice, route, name, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => !LEAVE_OUT.has(key))
        .map(([key, child]) => [key, sample(child, route, key, depth + 1)]),
    );
  }
  if (type === 'array') return [sample(schema.items, route, name, depth + 1)];
  if (type === 'integer' || type === 'number')
    return schema.minimum !== undefined && schema.minimum > -1e9 ? Math.max(schema.minimum, 1) : 1;
  if (type === 'boolean') return true;
  if (schema.format === 'uuid') return randomUUID();
  return 'Junk value'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
}

/** Every leaf of a sample, with its path, to put bad values in one at a time. */
function leaves(value: unknown, path: string[] = []): Array<{ path: string[]; value: unknown }> {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

/** Text PostgreSQL cannot store (NUL, lone surrogates) and text longer than any column. */
const BAD_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', 'x'.repeat(100_000)];
/** Numbers past every column, and numeric strings a coercing schema would read as numbers. */
const BAD_NUMBERS = [1e308, -1e308, 2 ** 64, 2 ** 53 + 1, '1e308', '-1e308', '18446744073709551616', '1e400'];
/** The same on the wire, for query values and path segments (NUL, CESU lone surrogate, overlong NUL). */
const BAD_WIRE_TEXT = ['%00', 'a%00b', '%ED%A0%80', '%C0%80', 'x'.repeat(100_000)];
const BAD_WIRE_NUMBERS = ['1e308', '-1e308', '18446744073709551616', '1e400', '-0', '1.5', 'NaN'];

/** Junk a client could send whatever the route: wrong types, missing fields, markup. */
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
  '{"prototype": {"isAdmin": true}}',
  '{"a": {"__proto__": {"polluted": 1}}}',
];
/** Path segments as they arrive on the wire, besides the bad text and numbers: broken escapes, long ids. */
const JUNK_IDS = [
  'not-a-uuid',
  '00000000-0000-4000-8000-000000000000',
  "x'%20or%20'1'%3D'1",
  '%E0%A4%A',
  '%',
  'x'.repeat(5000),
  ...BAD_WIRE_TEXT.slice(0, 4),
  ...BAD_WIRE_NUMBERS,
];
/** Query strings for any route: undocumented and prototype keys, arrays, bad text in keys. */
const JUNK_QUERIES = [
  'page=-1&pageSize=abc&sort=%27&status=x',
  'search=%00&q=%ED%A0%80&page=1e308&pageSize=18446744073709551616',
  '__proto__=x&constructor=y&prototype=z&search=' + 'x'.repeat(20_000),
  '__proto__[isAdmin]=1&constructor[prototype][x]=1',
  'search=%E0%A4%A&status[]=a&status[__proto__]=b',
  'search%00=1&%ED%A0%80=2',
];

/**
 * The bodies for one route: a fresh base (new VIN, email, plan id ...) with each leaf broken in
 * turn, so no earlier request's row makes it a duplicate, then generic junk.
 */
function bodiesFor(baseOf: () => unknown): string[] {
  const bodies: string[] = [];
  const base = baseOf();
  for (const leaf of leaves(base)) {
    const bad = typeof leaf.value === 'string' ? BAD_TEXT : [...BAD_NUMBERS, ...BAD_TEXT.slice(0, 3)];
    for (const value of bad) bodies.push(JSON.stringify(withValue(baseOf(), leaf.path, value)));
  }
  // Prototype keys and bad text as keys, next to the route's real fields.
  const fields = base && typeof base === 'object' ? JSON.stringify(base).slice(1, -1) : '';
  const more = fields ? `, ${fields}` : '';
  bodies.push(`{"__proto__": {"isAdmin": true}${more}}`, `{"constructor": {"prototype": {"x": 1}}${more}}`);
  bodies.push(JSON.stringify({ ...(base as object), 'bad\u0000key': 1, '\ud800': 'x' }));
  bodies.push(...PROTOTYPE_BODIES, ...JUNK_BODIES.map((b) => JSON.stringify(b)));
  return bodies;
}

/** Every query to send: each documented parameter broken in turn (the others valid), then generic junk. */
function queriesFor(params: Parameter[]): string[] {
  const queries = [''];
  for (const p of params.filter((x) => x.in === 'query')) {
    for (const value of [...BAD_WIRE_TEXT, ...BAD_WIRE_NUMBERS]) queries.push(`${p.name}=${value}`);
    queries.push(`${p.name}=a&${p.name}=b`, `${p.name}[__proto__]=x`);
  }
  return [...queries, ...JUNK_QUERIES];
}

/**
 * Routes whose base is refused on purpose: a wrong password keeps the account and its password; an
 * impersonation link is single-use, so the loop has none to spend (impersonation.test.ts does).
 */
const ON_PURPOSE = [
  'POST /api/auth/change-password',
  'POST /api/admin/change-password',
  'POST /api/customer/change-password',
  'POST /api/customer/delete-account',
  'GET /api/external/impersonate',
  // A reset link works once: the base has none that is still valid (password-reset.test.ts uses real ones).
  'POST /api/auth/password-reset/confirm',
];

type Call = { method: string; url: string; cookie: string; payload?: string };

/**
 * Opened by a browser tab, not a script: their refusals are pages (docs/impersonation.md), except
 * what the contract and the text guard refuse first (a URL edited to hold NUL), which stays JSON.
 */
const BROWSER_PAGES = ['/api/external/impersonate'];
const answersPages = (url: string) => BROWSER_PAGES.some((page) => url.split('?')[0] === page);

describe('no input makes any API route answer 500', () => {
  it('every declared route, with every kind of junk, as staff and as a customer', async () => {
    const failures: string[] = [];
    const unreached: string[] = [];
    let requests = 0;
    const send = async (r: Call) => {
      requests += 1;
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: {
          cookie: r.cookie,
          ...(r.payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(r.payload === undefined ? {} : { payload: r.payload }),
      });
      if (res.statusCode >= 500)
        failures.push(
          `${r.method} ${r.url.slice(0, 200)} ${String(r.payload).slice(0, 200)} -> ${res.statusCode} ${res.body}`,
        );
      else if (
        res.statusCode >= 400 &&
        answersPages(r.url) &&
        String(res.headers['content-type']).startsWith('text/html')
      )
        expect(res.body, `${r.method} ${r.url}`).toContain('<h1>');
      else if (res.statusCode >= 400)
        expect(typeof res.json().message, `${r.method} ${r.url}`).toBe('string');
      return res;
    };

    for (const { method, url } of t.app.accessTable) {
      // Logging out would end the sessions the rest of the loop uses; it takes no input anyway.
      if (url.includes('webhooks') || url.includes('logout')) continue;
      const op = operationOf(t.app, method, url);
      const params = op.parameters ?? [];
      const bodySchema = bodySchemaOf(op);
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const baseOf = () => sample(bodySchema, `${method} ${url}`);
      const base = () => (hasBody ? JSON.stringify(baseOf()) : undefined);
      const pathWith = (bad?: { name: string; value: string }) =>
        url.replace(/:([a-z]+)/gi, (_, name: string) =>
          bad?.name === name ? bad.value : method === 'DELETE' ? JUNK_IDS[1]! : realParam(url, name),
        );

      // The base request: valid throughout, so every broken part below is the only fault. A session
      // the route refuses (401, 403) gets the junk only if no session reaches the route: what it sends
      // never gets past the refusal, and the session that is let in sends the same junk.
      const reaching: string[] = [];
      for (const cookie of [admin, customer.cookie]) {
        const first = await send({ method, url: pathWith(), cookie, payload: base() });
        if (first.statusCode === 400) unreached.push(`${method} ${url}: ${first.body}`);
        if (first.statusCode !== 401 && first.statusCode !== 403) reaching.push(cookie);
      }
      for (const cookie of reaching.length > 0 ? reaching : [admin, customer.cookie]) {
        for (const query of queriesFor(params))
          await send({ method, url: `${pathWith()}?${query}`, cookie, payload: base() });
        for (const p of params.filter((x) => x.in === 'path'))
          for (const value of JUNK_IDS)
            await send({ method, url: pathWith({ name: p.name, value }), cookie, payload: base() });
        if (hasBody)
          for (const payload of bodiesFor(baseOf)) await send({ method, url: pathWith(), cookie, payload });
      }
    }
    console.log(`bad-input: ${requests} requests, ${failures.length} answered 500`);
    expect(failures).toEqual([]);
    // A base refused by its own contract would hide every broken part behind that refusal.
    expect(unreached.filter((u) => !ON_PURPOSE.some((route) => u.startsWith(`${route}:`)))).toEqual([]);
    // the sessions held throughout, so the routes behind them were really reached
    expect((await t.get(admin, '/api/auth/user')).statusCode).toBe(200);
    const me = await t.get(customer, '/api/auth/customer');
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
