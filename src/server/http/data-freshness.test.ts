// The freshness model's server half (docs/client-kit.md, "Freshness"): every answer names the data
// domains its handler read and wrote, and a change names every domain behind every answer it altered.
// The second half is proved by observation, not by a list: every screen's GET is asked before and after
// each change of a customer's and a staff member's working day, and any answer that moved must have
// read a domain the change reported, or the client would keep showing the old one.
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { manualClock } from '../clock';
import { domainsOfStatement, TABLE_DOMAINS } from '../db/data-domains';
import { NOTIFICATION_CHANGES, type NotificationType } from '../../shared/contracts/notification-feed';
import {
  DATA_CHANGED_HEADER,
  DATA_READ_HEADER,
  parseDataDomains,
  type DataDomain,
} from '../../shared/data-domains';
import { createTestApp, type Session, type TestApp } from '../../../tests/setup/test-app';
import {
  CARDS,
  checkout,
  signUp,
  tokeniseCard,
  unique,
  type TestCustomer,
} from '../../../tests/setup/customers';
import type { LightMyRequestResponse } from 'fastify';

describe('table domains', () => {
  it('names the domain of every table of the schema', () => {
    const tables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .map((table) => getTableConfig(table).name);
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((name) => !(name in TABLE_DOMAINS))).toEqual([]);
  });

  it('reads the tables a statement names and writes the targets of its writes, triggers included', () => {
    expect(
      domainsOfStatement(
        'select "customers"."id", "plans"."name" from "customers" left join "plans" on "plans"."id" = "customers"."plan_id"',
      ),
    ).toEqual({ read: ['customers', 'plans'], written: [] });
    const update = domainsOfStatement('update "subscriptions" set "status" = $1 where "id" = $2');
    expect(update.written).toEqual(['subscriptions']);
    const insert = domainsOfStatement(
      'insert into payments (id, amount) select $1, $2 where not exists (select 1 from refunds)',
    );
    expect(insert.written).toEqual(['payments', 'invoices']);
    expect(insert.read).toEqual(['payments']);
    expect(domainsOfStatement('delete from "vehicles" where "customer_id" = $1').written).toEqual(['fleet']);
    // A refund's payment update moves the invoice's collected total (trigger); a deleted customer takes
    // their fleet and subscription with them (foreign keys).
    expect(domainsOfStatement('update "payments" set "refunded_cents" = $1').written).toEqual(
      expect.arrayContaining(['payments', 'invoices']),
    );
    expect(domainsOfStatement('delete from "customers" where "id" = $1').written).toEqual(
      expect.arrayContaining(['customers', 'fleet', 'subscriptions', 'support']),
    );
    expect(domainsOfStatement('select 1').read).toEqual([]);
  });
});

/** An answer as text without the moment it was made (`generatedAt`), which moves on every read. */
const comparable = (body: string) => body.replace(/"generatedAt":"[^"]*"/g, '');

describe('a staff notification names everything the change behind it wrote', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const wrote = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBeLessThan(500);
    return parseDataDomains(res.headers[DATA_CHANGED_HEADER] as string | undefined);
  };
  const named = (type: NotificationType, domains: DataDomain[]) => {
    expect(domains).toContain('notifications');
    expect([...NOTIFICATION_CHANGES[type]]).toEqual(expect.arrayContaining(domains));
  };

  it('covers plan changes, cancellations, new cards and failed payments', async () => {
    const declined = await signUp(t, { planId: 'starter' });
    named('payment_failed', wrote(await checkout(t, declined, CARDS.declined)));

    const c = await signUp(t, { planId: 'starter' });
    const token = await tokeniseCard(t, c, CARDS.visa);
    named(
      'payment_method_added',
      wrote(
        await t.post(c, '/api/customer/add-payment-method', {
          paymentMethodId: token.json<{ id: string }>().id,
          setAsDefault: true,
        }),
      ),
    );
    expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
    named(
      'plan_upgrade',
      wrote(await t.post(c, '/api/customer/upgrade-plan', { planId: 'professional', email: c.email })),
    );
    named(
      'plan_downgrade',
      wrote(await t.post(c, '/api/customer/downgrade-plan', { planId: 'starter', email: c.email })),
    );
    named(
      'subscription_cancelled',
      wrote(await t.post(c, '/api/customer/cancel-subscription', { email: c.email })),
    );
  }, 60_000);
});

type Viewer = { name: string; session: Session; urls: string[] };
type Seen = { status: number; body: string; read: DataDomain[] };

describe('a change reports every domain behind every answer it alters', () => {
  let t: TestApp;
  let admin: string;
  let customer: TestCustomer;
  let viewers: Viewer[];
  const volatile = new Set<string>();
  let last = new Map<string, Seen>();
  /** Answers that promise something later ("coming soon", "coming in ..."): the product claims none. */
  const promises = new Set<string>();

  beforeAll(async () => {
    // Time stands still, so figures measured from "now" (revenue's period) move only with the data.
    t = await createTestApp({}, { clock: manualClock(new Date()) });
    admin = await t.staffCookie('admin@motorpool.local');
    customer = await signUp(t, { planId: 'starter' });
    const gets = t.app.accessTable.filter(
      (route) =>
        route.method === 'GET' && !/export|\.csv|\/pdf|openapi|logout|\/login|impersonate/.test(route.url),
    );
    const withEmail = (url: string) => url.replace(':email', encodeURIComponent(customer.email));
    viewers = [
      {
        name: 'customer',
        session: customer,
        urls: gets
          .filter((route) => 'customer' in route.access || route.url === '/api/auth/customer')
          .map((route) => withEmail(route.url))
          .filter((url) => !url.includes(':')),
      },
      {
        name: 'admin',
        session: admin,
        urls: gets
          .filter((route) => 'tab' in route.access || 'staff' in route.access || route.url === '/api/plans')
          .map((route) => route.url)
          .filter((url) => !url.includes(':')),
      },
    ];
    // An answer that moves without any change (uptime, this instance's own figures) says nothing here.
    const first = await screens();
    const second = await screens();
    for (const [key, seen] of first) if (second.get(key)?.body !== seen.body) volatile.add(key);
    // A member's sessions show when each was last used: every request of theirs moves it (at most once
    // a minute), whatever it changed.
    volatile.add('admin /api/admin/sessions');
    last = second;
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  async function screens(): Promise<Map<string, Seen>> {
    const seen = new Map<string, Seen>();
    for (const viewer of viewers) {
      for (const url of viewer.urls) {
        const res = await t.get(viewer.session, url);
        const promise = /\bcoming (soon|in)\b[^"]*/i.exec(res.body);
        if (promise) promises.add(`${viewer.name} ${url}: ${promise[0]}`);
        seen.set(`${viewer.name} ${url}`, {
          status: res.statusCode,
          body: comparable(res.body),
          read: parseDataDomains(res.headers[DATA_READ_HEADER] as string | undefined),
        });
      }
    }
    return seen;
  }

  /** Makes the change, then finds every answer it moved and checks the change named one of its domains. */
  async function change(name: string, make: () => Promise<LightMyRequestResponse>) {
    const res = await make();
    expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
    const changed = new Set(parseDataDomains(res.headers[DATA_CHANGED_HEADER] as string | undefined));
    const now = await screens();
    const moved: string[] = [];
    const unannounced: string[] = [];
    for (const [key, after] of now) {
      const before = last.get(key);
      if (!before || volatile.has(key) || before.body === after.body) continue;
      // Losing access (a suspended account's sessions end) is the session watch's to notice, not data.
      if (after.status === 401) continue;
      moved.push(key);
      const read = new Set([...before.read, ...after.read]);
      if (![...read].some((domain) => changed.has(domain)))
        unannounced.push(`${key} (read ${[...read].join(',') || 'nothing'})`);
    }
    last = now;
    expect(unannounced, `${name} changed [${[...changed].join(',')}]`).toEqual([]);
    return { changed, moved };
  }

  it('covers the screens of a customer paying, adding to the fleet, upgrading, and staff refunding', async () => {
    const paid = await change('checkout from the trial', async () => {
      const res = await checkout(t, customer, CARDS.visa);
      return res;
    });
    // The first example: Billing (billing-info), the profile and the payment history moved.
    expect(paid.moved).toEqual(
      expect.arrayContaining([
        'customer /api/customer/billing-info',
        `customer /api/customer/payment-history/${encodeURIComponent(customer.email)}`,
      ]),
    );

    const added = await change('add a vehicle', () =>
      t.post(customer, '/api/fleet/vehicles', {
        make: 'Ford',
        model: 'Transit',
        year: 2022,
        vin: `1FTBR1C8XMKA${unique().slice(-5).padStart(5, '0')}`,
        licensePlate: `FR-${unique()}`,
        mileage: 10,
        fuelLevel: 50,
      }),
    );
    expect(added.moved).toContain(`customer /api/customer/profile/${encodeURIComponent(customer.email)}`);

    const upgraded = await change('upgrade', () =>
      t.post(customer, '/api/customer/upgrade-plan', { planId: 'professional', email: customer.email }),
    );
    expect(upgraded.moved).toContain(
      `customer /api/customer/payment-history/${encodeURIComponent(customer.email)}`,
    );

    const payments = await t.get(admin, `/api/admin/payments?search=${encodeURIComponent(customer.email)}`);
    const charge = payments
      .json<{ items: { id: string; status: string }[] }>()
      .items.find((p) => p.status === 'completed');
    expect(charge).toBeDefined();
    const refunded = await change('staff refund', () =>
      t.post(admin, `/api/admin/payments/${charge!.id}/refund`, { amount: 1, reason: 'Goodwill' }),
    );
    expect(refunded.moved).toEqual(
      expect.arrayContaining(['admin /api/admin/payment-analytics', 'admin /api/admin/payments']),
    );
  }, 240_000);

  it('covers the rest of a working day on both sides', async () => {
    const token = await tokeniseCard(t, customer, CARDS.visa);
    await change('add a card', () =>
      t.post(customer, '/api/customer/add-payment-method', {
        paymentMethodId: token.json<{ id: string }>().id,
        setAsDefault: false,
      }),
    );
    await change('add a driver', () =>
      t.post(customer, '/api/fleet/drivers', {
        name: 'Dana Driver',
        email: `dana.${unique()}@example.com`,
        licenseNumber: `D${unique()}`,
      }),
    );
    await change('open a ticket', () =>
      t.post(customer, '/api/customer/support/tickets', {
        subject: `Help ${unique()}`,
        description: 'Something is off.',
        category: 'technical',
      }),
    );
    await change('cancel', () =>
      t.post(customer, '/api/customer/cancel-subscription', { email: customer.email }),
    );
    await change('resume', () =>
      t.post(customer, '/api/customer/resume-subscription', { email: customer.email }),
    );
    await change('staff adds an expense', () =>
      t.post(admin, '/api/admin/expenses', {
        date: '2026-11-01',
        category: 'hosting',
        description: `Servers ${unique()}`,
        amount: 12.5,
      }),
    );
    await change('staff marks notifications read', () =>
      t.post(admin, '/api/admin/notifications/read-all', {}),
    );
    await change('staff creates a plan', () =>
      t.post(admin, '/api/plans', {
        id: `fresh-${unique()}`,
        name: `Fresh ${unique()}`,
        description: 'For tests',
        price: 49.99,
        vehicleLimit: 7,
        userLimit: 2,
        features: { analytics: true },
      }),
    );
    const [ticket] = (await t.get(admin, '/api/admin/support/tickets')).json<{ items: { id: string }[] }>()
      .items;
    await change('staff answers a ticket', () =>
      t.post(admin, `/api/admin/support/tickets/${ticket!.id}/messages`, { body: 'On it.', internal: false }),
    );
    await change('staff changes a setting', () =>
      t.put(admin, '/api/admin/general-settings', { dateFormat: 'YYYY-MM-DD' }),
    );
    await change('staff saves their preferences', () =>
      t.put(admin, '/api/admin/preferences', {
        theme: 'dark',
        timezone: 'America/New_York',
        dashboardRefresh: 60,
      }),
    );
    await change('staff suspends the customer', () =>
      t.post(admin, `/api/admin/customers/${customer.id}/suspend`, {}),
    );
  }, 240_000);

  it('finds no answer that promises something to come', () => {
    expect([...promises]).toEqual([]);
  });
});
