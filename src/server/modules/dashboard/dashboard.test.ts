import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, DEMO_PASSWORD, type TestApp } from '../../../../tests/setup/test-app';
import { CARDS, addCard, checkout, signUp } from '../../../../tests/setup/customers';
import { hashPassword } from '../../auth/passwords';
import { manualClock } from '../../clock';
import { activities, revenueSnapshots, staffUsers, subscriptions } from '../../db/schema';
import { runDueBilling } from '../../jobs/billing-runner';
import { RECENT_ACTIVITY_LIMIT } from './activity';
import { daysBefore } from './revenue-snapshots';
import { isoDay } from '../../../shared/days';

const clock = manualClock(new Date());
const day = 86_400_000;
let t: TestApp;
let admin: string;
useTestApp({ clock, staff: ['admin'] }, (opened) => ({ t, admin } = opened));
beforeEach(() => clock.set(new Date()));

type Stats = {
  totalCustomers: number;
  activeSubscriptions: number;
  monthlyRevenue: number;
  growthRate: number | null;
  comparedWith: string | null;
};

async function stats(session = admin): Promise<Stats> {
  const res = await t.get(session, '/api/admin/stats');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const today = () => isoDay(clock.now());

describe('GET /api/admin/stats', () => {
  it('counts every customer; subscriptions that pay (active or past due, not trials) and their revenue', async () => {
    const base = await stats();
    expect(base.totalCustomers).toBeGreaterThanOrEqual(1); // the demo customer
    expect(base.activeSubscriptions).toBeGreaterThanOrEqual(1);

    const pro = await signUp(t, { planId: 'professional' });
    const starter = await signUp(t, { planId: 'starter' });
    const late = await signUp(t, { planId: 'starter' });
    expect(await stats()).toMatchObject({
      totalCustomers: base.totalCustomers + 3,
      activeSubscriptions: base.activeSubscriptions, // three trials pay nothing yet
      monthlyRevenue: base.monthlyRevenue,
    });

    await checkout(t, pro, CARDS.visa);
    await checkout(t, starter, CARDS.visa);
    await checkout(t, late, CARDS.visa);
    await addCard(t, late, CARDS.declinesLater, true);
    expect(await stats()).toMatchObject({
      activeSubscriptions: base.activeSubscriptions + 3,
      monthlyRevenue: base.monthlyRevenue + 189 + 120 + 120,
    });

    // A cancellation keeps paying to the end of the period, then stops counting.
    expect((await t.post(starter, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    expect((await stats()).activeSubscriptions).toBe(base.activeSubscriptions + 3);
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, starter.id));
    clock.set(new Date(sub!.currentPeriodEnd.getTime() + 60_000));
    await runDueBilling(t.app.services.billing);
    const [lateSub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, late.id));
    expect(lateSub!.status).toBe('past_due'); // its renewal failed: still owed, still counted
    expect(await stats()).toMatchObject({
      totalCustomers: base.totalCustomers + 3,
      activeSubscriptions: base.activeSubscriptions + 2,
      monthlyRevenue: base.monthlyRevenue + 189 + 120,
    });
  });

  it("growth is revenue analytics' MRR growth over the last 30 days, from the MRR ledger; null only when there was no MRR 30 days ago", async () => {
    // A hundred days on, every change this file made (the billing run above, at the end of a trial
    // and a paid month, included) is older than the window: no growth.
    clock.set(new Date(Date.now() + 100 * day));
    const flat = await stats();
    expect(flat.growthRate).toBe(0);
    expect(flat.comparedWith).toBe(daysBefore(today(), 30));

    // A customer who started paying inside the window (dated by the billing rules' clock).
    const grower = await signUp(t, { planId: 'enterprise' });
    await t.database.db
      .update(subscriptions)
      .set({ status: 'active', updatedAt: new Date(clock.now().getTime() - 5 * day) })
      .where(eq(subscriptions.customerId, grower.id));
    const grown = await stats();
    const before = flat.monthlyRevenue;
    expect(grown.monthlyRevenue).toBe(before + 295);
    expect(grown.growthRate).toBe(Math.round((295 / before) * 1000) / 10);
    const revenue = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
    expect(revenue.growthRate).toBe(grown.growthRate);
    expect(revenue.mrr).toBe(grown.monthlyRevenue);

    // Before anyone paid: no MRR 30 days earlier, so no percentage.
    clock.set(new Date(Date.now() - 400 * day));
    expect(await stats()).toMatchObject({ growthRate: null, comparedWith: null });
  });

  it("writes today's snapshot with the figures, once a day per instance", async () => {
    await t.database.db.delete(revenueSnapshots);
    clock.set(new Date(Date.now() + 3 * day)); // a day this instance has not written yet
    const figures = await stats();
    const [row] = await t.database.db
      .select()
      .from(revenueSnapshots)
      .where(eq(revenueSnapshots.day, today()));
    expect(row).toMatchObject({
      mrrCents: Math.round(figures.monthlyRevenue * 100),
      activeSubscriptions: figures.activeSubscriptions,
    });
    await t.database.db
      .update(revenueSnapshots)
      .set({ mrrCents: 7 })
      .where(eq(revenueSnapshots.day, today()));
    await stats();
    const [again] = await t.database.db
      .select()
      .from(revenueSnapshots)
      .where(eq(revenueSnapshots.day, today()));
    expect(again!.mrrCents).toBe(7);
  });

  // PostgreSQL's snapshot moves with any write in the cluster (other test files' databases too), so
  // the reuse is only certain on the embedded database, which nothing else writes to.
  it.runIf(process.env.MP_TEST_DRIVER !== 'pg')(
    'reads only the database snapshot while nothing was written, and everything again after a write',
    async () => {
      await stats();
      await stats(); // the first may have written today's snapshot
      const reused = await t.queriesDuring(() => stats());
      expect(reused.some((q) => q.includes('pg_current_snapshot'))).toBe(true);
      expect(reused.some((q) => q.includes('from customers'))).toBe(false);
      const before = await stats();
      await signUp(t);
      const after = await t.queriesDuring(async () => {
        expect((await stats()).totalCustomers).toBe(before.totalCustomers + 1);
      });
      expect(after.some((q) => q.includes('from customers'))).toBe(true);
    },
  );
});

describe('access', () => {
  const routes = ['/api/admin/stats', '/api/admin/activity'];

  it.each(routes)('%s: 401 without a session and with a customer session', async (url) => {
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const { cookie, token } = await t.customerSession('demo@fleetco.example');
    expect((await t.get(cookie, url)).statusCode).toBe(401);
    const bearer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(401);
  });

  it.each(routes)('%s: every staff role opens the dashboard, an unknown role only that', async (url) => {
    for (const email of ['manager@motorpool.local', 'sales@motorpool.local']) {
      expect((await t.get(await t.staffCookie(email), url)).statusCode).toBe(200);
    }
    const email = `intern.${Date.now()}.${Math.random()}@motorpool.local`;
    await t.database.db.insert(staffUsers).values({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role: 'intern',
      firstName: 'Ina',
      lastName: 'Intern',
      isPasswordSet: true,
    });
    const intern = await t.staffCookie(email);
    expect((await t.get(intern, url)).statusCode).toBe(200);
    const elsewhere = await t.get(intern, '/api/admin/plans/stats');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ message: "You don't have permission to access this section" });
  });
});

describe('GET /api/admin/activity', () => {
  type Page = {
    items: {
      id: string;
      action: string;
      description: string;
      metadata: object;
      customerId: string | null;
      createdAt: string;
    }[];
    total: number;
    page: number;
    pageSize: number;
  };
  const page = async (query = ''): Promise<Page> => {
    const res = await t.get(admin, `/api/admin/activity${query}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers the newest 5 first, with the total; a sign-up and its payment appear on top', async () => {
    const c = await signUp(t, { planId: 'starter' });
    await checkout(t, c, CARDS.visa);
    const first = await page();
    expect(first.pageSize).toBe(5);
    expect(first.items).toHaveLength(5);
    expect(first.items.slice(0, 2).map((i) => [i.action, i.customerId])).toEqual([
      ['payment_succeeded', c.id],
      ['customer_registered', c.id],
    ]);
    expect(first.items[0]!.metadata).toMatchObject({
      amount: 120,
      planName: 'Starter',
      customerEmail: c.email,
    });
    const times = first.items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(activities)) as [
      { n: number },
    ];
    expect(first.total).toBe(Math.min(n, RECENT_ACTIVITY_LIMIT));
  });

  it('pages on the server, at most 100 a page', async () => {
    const all = await page('?pageSize=100');
    expect(all.items.length).toBe(Math.min(100, all.total));
    const second = await page('?page=2&pageSize=2');
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
    for (const bad of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=x']) {
      expect((await t.get(admin, `/api/admin/activity${bad}`)).statusCode).toBe(400);
    }
  });

  it('reaches back to the newest 1,000 entries, whatever the table holds', async () => {
    await t.database.db.execute(sql`
      insert into activities (action, description, created_at)
      select 'customer_updated', 'Older entry ' || g, now() - make_interval(days => 400, secs => g)
      from generate_series(1, ${RECENT_ACTIVITY_LIMIT + 50}) g`);
    const first = await page('?pageSize=100');
    expect(first.total).toBe(RECENT_ACTIVITY_LIMIT);
    const last = await page(`?page=10&pageSize=${100}`);
    expect(last.items).toHaveLength(100);
    const shorter = await page(`?page=15&pageSize=${70}`); // rows 981 to 1,050: only 20 within reach
    expect(shorter.items).toHaveLength(20);
    expect((await page('?page=11&pageSize=100')).items).toEqual([]);
  });

  it('never shows a secret a writer left in the metadata', async () => {
    await t.database.db.insert(activities).values({
      action: 'customer_updated',
      description: 'Planted for the test',
      metadata: {
        planName: 'Starter',
        password: 'hunter22',
        token: 'tok_live_secret',
        cardNumber: '4242424242424242',
        nested: { apiKey: 'sk_live_x' },
        ipAddress: '203.0.113.9',
      },
    });
    const [item] = (await page('?pageSize=1')).items;
    expect(item!.metadata).toEqual({ planName: 'Starter', ipAddress: '203.0.113.9' });
  });
});
