import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { isoDay } from '../../shared/days';
import { manualClock } from '../clock';
import { DEMO_CUSTOMER_EMAIL } from '../db/seed';
import { seedDemoHistory } from '../db/seed-history';

/**
 * One definition per figure (docs/figures.md), on the demo year: the history the product seeds on a
 * first start (docs/revenue.md "Demo history"), played by the billing engine up to a fixed clock. A
 * figure shown on two screens under one name is the same number on both endpoints.
 */

const clock = manualClock(new Date('2031-03-15T12:00:00Z'));
const DAY = 86_400_000;
let t: TestApp;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = async (url: string): Promise<Json> => {
  const res = await t.get(admin, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  expect(
    await seedDemoHistory(t.database.db, {
      appName: 'Motorpool',
      customerEmail: DEMO_CUSTOMER_EMAIL,
      now: clock.now(),
    }),
  ).toBe(true);
  admin = await t.staffCookie('admin@motorpool.local');
}, 180_000);
afterAll(() => t.close());

describe('one MRR', () => {
  it("the dashboard's Monthly Revenue, the plans manager's, the payments overview's and revenue analytics' are one number", async () => {
    const stats = await get('/api/admin/stats');
    const plans = await get('/api/admin/plans/stats');
    const metrics = await get('/api/admin/stripe-metrics');
    const revenue30 = await get('/api/admin/revenue?period=30d');
    const revenue1y = await get('/api/admin/revenue?period=1y');
    expect(stats.monthlyRevenue).toBeGreaterThan(0);
    // The demo year has past-due subscriptions: the plans manager once left them out.
    const [pastDue] = await rows<{ n: number }>(
      sql`select count(*)::int as n from subscriptions where status = 'past_due'`,
    );
    expect(plans.monthlyRevenue).toBe(stats.monthlyRevenue);
    expect(metrics.mrr).toBe(stats.monthlyRevenue);
    expect(revenue30.mrr).toBe(stats.monthlyRevenue);
    expect(revenue1y.mrr).toBe(stats.monthlyRevenue);
    // Per plan, the plans manager and revenue analytics' plan mix agree too.
    for (const p of revenue30.plans) expect(plans.plans[p.planId].monthlyRevenue).toBe(p.mrr);
    // Active subscriptions: the dashboard's and the payments overview's.
    expect(metrics.activeSubscriptions).toBe(stats.activeSubscriptions);
    expect(pastDue!.n).toBeGreaterThanOrEqual(0);
  });

  it("growth comes from the MRR ledger: the dashboard's Growth Rate is revenue analytics' 30-day growth", async () => {
    const stats = await get('/api/admin/stats');
    const revenue30 = await get('/api/admin/revenue?period=30d');
    expect(stats.growthRate).not.toBeNull();
    expect(revenue30.growthRate).toBe(stats.growthRate);
    expect(stats.comparedWith).toBe(isoDay(new Date(clock.now().getTime() - 30 * DAY)));
    const expected = Math.round(((revenue30.mrr - revenue30.mrrAtStart) / revenue30.mrrAtStart) * 1000) / 10;
    expect(stats.growthRate).toBe(expected);
  });
});

describe('revenue analytics over the demo year', () => {
  it('a year that starts with no MRR still has churn rates and LTV, over what was at risk in it', async () => {
    const r = await get('/api/admin/revenue?period=1y');
    expect(r.mrrAtStart).toBe(0);
    expect(r.movements.churn.count).toBeGreaterThan(0);
    // Customers who paid at some time in the year: every one who started paying in it.
    const [paid] = await rows<{ n: number }>(sql`
      select count(distinct customer_id)::int as n from mrr_events
      where kind in ('new', 'reactivation') and occurred_at > ${r.start}::timestamptz`);
    expect(r.customersBase).toBe(paid!.n);
    expect(r.customerChurnRate).toBe(Math.round((r.movements.churn.count / paid!.n) * 1000) / 10);
    expect(r.monthlyCustomerChurnRate).not.toBeNull();
    expect(r.ltv).toBeGreaterThan(0);
    expect(r.mrrBase).toBe(r.movements.new.amount + r.movements.reactivation.amount);
    expect(r.grossMrrChurnRate).not.toBeNull();
    expect(r.netMrrChurnRate).not.toBeNull();
    // Growth from nothing is not a percentage: null, and the screen says why.
    expect(r.growthRate).toBeNull();
  });
});

describe('one count of customers, vehicles, drivers and users', () => {
  it('every endpoint that shows one of them gives the same number', async () => {
    const stats = await get('/api/admin/stats');
    const plans = await get('/api/admin/plans/stats');
    const customers = await get('/api/admin/customers/stats');
    const fleet = await get('/api/admin/fleet/analytics');
    const usage = await get('/api/admin/usage-analytics');

    expect(plans.totalCustomers).toBe(stats.totalCustomers);
    expect(customers.total).toBe(stats.totalCustomers);
    expect(usage.totals.customers).toBe(stats.totalCustomers);

    // The demo fleet has a retired vehicle: it is shown apart, never in Total Vehicles.
    expect(fleet.vehicles.byStatus.retired).toBeGreaterThan(0);
    expect(fleet.vehicles.total).toBe(customers.totalVehicles);
    expect(usage.totals.vehicles).toBe(customers.totalVehicles);
    expect(usage.totals.accountsWithVehicles).toBe(fleet.vehicles.customersWithVehicles);

    expect(usage.totals.drivers).toBe(fleet.drivers);
    expect(usage.totals.users).toBe(customers.totalUsers);
  });

  it("the fleet app's Total vehicles is the portal's, as the plan counts them", async () => {
    const demo = await t.customerSession(DEMO_CUSTOMER_EMAIL);
    const overview = (await t.get(demo, '/api/fleet/overview')).json();
    const profile = (
      await t.get(demo, `/api/customer/profile/${encodeURIComponent(DEMO_CUSTOMER_EMAIL)}`)
    ).json();
    expect(overview.vehicles.retired).toBeGreaterThan(0);
    expect(overview.vehicles.total).toBe(overview.usage.vehicles);
    expect(profile.usageStats.totalVehicles).toBe(overview.vehicles.total);
  });
});

describe('lists hold what their titles say', () => {
  it('trials requiring action: the trials ending within 7 days and the pending checkouts, each with its reason', async () => {
    const now = clock.now();
    const list = await get('/api/admin/subscriptions/trial-action?pageSize=100');
    const expected = await rows<{ id: string }>(sql`
      select id from subscriptions
      where status = 'pending'
         or (status = 'trialing' and trial_ends_at <= ${new Date(now.getTime() + 7 * DAY).toISOString()}::timestamptz)`);
    expect(list.total).toBe(expected.length);
    expect(list.items.map((s: Json) => s.subscriptionId).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(list.items.some((s: Json) => s.status === 'active')).toBe(false);
    for (const s of list.items) {
      if (s.status === 'pending') {
        expect(s.reasonKind).toBe('checkout_pending');
        expect(s.reason).toMatch(/^Checkout pending since [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      } else {
        expect(s.reasonKind).toBe('trial_ending');
        const days = Math.max(0, Math.ceil((Date.parse(s.trialEndsAt) - now.getTime()) / DAY));
        expect(s.reason).toBe(
          days === 0 ? 'Trial ends today' : `Trial ends in ${days} ${days === 1 ? 'day' : 'days'}`,
        );
      }
    }
  });

  it('reconciliation never lists a paid invoice that was paid in full and partly refunded', async () => {
    const partly = await rows<{ number: string; month: string }>(sql`
      select i.number, to_char(i.issued_at at time zone 'UTC', 'YYYY-MM') as month
      from invoices i join payments p on p.invoice_id = i.id
      where i.status = 'paid' and p.status = 'succeeded' and p.refunded_cents > 0
        and p.amount_cents = i.total_cents`);
    expect(partly.length).toBeGreaterThan(0); // the demo year refunds part of some payments
    for (const { number, month } of partly) {
      const page = await get(`/api/admin/reconciliation?month=${month}&pageSize=100`);
      expect(page.items.map((r: Json) => r.number)).not.toContain(number);
    }
  });
});
