import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { staffWith } from '../../../../tests/setup/staff';
import { manualClock } from '../../clock';
import { TABLE_DOMAINS } from '../../db/data-domains';
import type { RevenuePeriod } from '../../../shared/contracts/revenue';
import { computeRevenue, KEEP_MS, totals } from './analytics';
import { readSubscriptionsNow } from './ledger';
import { METRICS_TABLES, REVENUE_TABLES } from './source';

/**
 * Every figure of the revenue analytics against a small history worked out by hand (docs/revenue.md).
 * The rows are written as the billing rules write them (the subscription row, with updated_at from
 * their clock), so the ledger trigger makes the events; the template's demo customer (Professional,
 * $189, paying since the template was made, years before this history) is part of every figure.
 */

const clock = manualClock(new Date('2030-06-30T12:00:00Z'));
let t: TestApp;
let admin: string;

async function customer(name: string): Promise<string> {
  const rows = (await t.database.db.execute(sql`
    insert into customers (email, password_hash, first_name, last_name, company_name)
    values (${`${name.toLowerCase()}.${Date.now()}@hand.example`}, 'x', ${name}, 'Hand', ${`${name} Haulage`})
    returning id`)) as unknown as { rows: { id: string }[] };
  return rows.rows[0]!.id;
}

async function subscribe(customerId: string, planId: string, priceCents: number, status: string, at: string) {
  await t.database.db.execute(sql`
    insert into subscriptions (customer_id, plan_id, status, price_cents, current_period_start, current_period_end, updated_at)
    values (${customerId}, ${planId}, ${status}, ${priceCents}, ${at}::timestamptz, ${at}::timestamptz + interval '1 month', ${at}::timestamptz)`);
}

async function change(
  customerId: string,
  set: { planId?: string; priceCents?: number; status?: string },
  at: string,
) {
  await t.database.db.execute(sql`
    update subscriptions set
      plan_id = coalesce(${set.planId ?? null}, plan_id),
      price_cents = coalesce(${set.priceCents ?? null}::int, price_cents),
      status = coalesce(${set.status ?? null}, status),
      updated_at = ${at}::timestamptz
    where customer_id = ${customerId}`);
}

async function payment(customerId: string, cents: number, status: string, at: string): Promise<string> {
  const rows = (await t.database.db.execute(sql`
    insert into payments (customer_id, amount_cents, status, description, provider, idempotency_key, created_at)
    values (${customerId}, ${cents}, ${status}, 'Hand example', 'sandbox', ${`hand:${Math.random()}`}, ${at}::timestamptz)
    returning id`)) as unknown as { rows: { id: string }[] };
  return rows.rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await t.staffCookie('admin@motorpool.local');
  const [a, b, c, d, e, f] = await Promise.all(['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Fay'].map(customer));
  // A: Starter since March, upgraded to Professional on 10 June (+$69 expansion).
  await subscribe(a!, 'starter', 12_000, 'active', '2030-03-01T09:00:00Z');
  await change(a!, { planId: 'professional', priceCents: 18_900 }, '2030-06-10T09:00:00Z');
  // B: Enterprise since April, cancelled on 15 June (−$295 churn).
  await subscribe(b!, 'enterprise', 29_500, 'active', '2030-04-01T09:00:00Z');
  await change(b!, { status: 'canceled' }, '2030-06-15T09:00:00Z');
  // C: Professional since April, downgraded to Starter on 5 June (−$69 contraction); past due since: still MRR.
  await subscribe(c!, 'professional', 18_900, 'active', '2030-04-10T09:00:00Z');
  await change(c!, { planId: 'starter', priceCents: 12_000 }, '2030-06-05T09:00:00Z');
  await change(c!, { status: 'past_due' }, '2030-06-28T09:00:00Z');
  // D: first paid on 20 June (+$120 new).
  await subscribe(d!, 'starter', 12_000, 'active', '2030-06-20T09:00:00Z');
  // E: paid Starter in January, stopped in February, back on Professional on 25 June (+$189 reactivation).
  await subscribe(e!, 'starter', 12_000, 'active', '2030-01-05T09:00:00Z');
  await change(e!, { status: 'canceled' }, '2030-02-01T09:00:00Z');
  await change(e!, { planId: 'professional', priceCents: 18_900, status: 'active' }, '2030-06-25T09:00:00Z');
  // F: in an Enterprise trial: potential MRR only.
  await subscribe(f!, 'enterprise', 29_500, 'trialing', '2030-06-26T09:00:00Z');

  // Revenue: $120 and a $100 payment in May (the latter refunded in June), $295 in June, a failed $189.
  await payment(a!, 12_000, 'succeeded', '2030-05-20T10:00:00Z');
  const refunded = await payment(b!, 10_000, 'refunded', '2030-05-22T10:00:00Z');
  await payment(b!, 29_500, 'succeeded', '2030-06-01T10:00:00Z');
  await payment(c!, 18_900, 'failed', '2030-06-02T10:00:00Z');
  await t.database.db.execute(sql`
    insert into refunds (payment_id, customer_id, amount_cents, status, request_key, created_at, completed_at)
    values (${refunded}, ${b!}, 10000, 'succeeded', 'hand-refund', '2030-06-03T10:00:00Z', '2030-06-03T10:00:05Z'),
           (${refunded}, ${b!}, 5000, 'failed', 'hand-refund-failed', '2030-06-04T10:00:00Z', null)`);
});
afterAll(() => t.close());

describe('revenue analytics, 30 days, against the hand-worked example', () => {
  it('MRR, ARR, customers, movements and rates', async () => {
    const res = await t.get(admin, '/api/admin/revenue?period=30d');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.start).toBe('2030-05-31T12:00:00.000Z');
    expect(r.end).toBe('2030-06-30T12:00:00.000Z');
    // At start: demo 189 + A 120 + B 295 + C 189 = 793, four paying customers.
    expect(r.mrrAtStart).toBe(793);
    expect(r.payingCustomersAtStart).toBe(4);
    // Now: demo 189 + A 189 + C 120 (past due counts) + D 120 + E 189 = 807.
    expect(r.mrr).toBe(807);
    expect(r.arr).toBe(9684);
    expect(r.payingCustomers).toBe(5);
    expect(r.potentialMrr).toBe(295);
    expect(r.trialingSubscriptions).toBe(1);
    expect(r.movements).toEqual({
      new: { amount: 120, count: 1 },
      expansion: { amount: 69, count: 1 },
      contraction: { amount: -69, count: 1 },
      churn: { amount: -295, count: 1 },
      reactivation: { amount: 189, count: 1 },
      net: 14,
    });
    // Growth: (807 − 793) / 793.
    expect(r.growthRate).toBe(1.8);
    // What was at risk in the period: MRR at the start plus new and reactivated MRR, 793 + 120 + 189;
    // customers paying at the start (4) plus those who started paying in it (D new, E reactivated).
    expect(r.mrrBase).toBe(1102);
    expect(r.customersBase).toBe(6);
    expect(r.grossMrrChurnRate).toBe(33); // (295 + 69) / 1102
    expect(r.netMrrChurnRate).toBe(26.8); // (295 + 69 − 69) / 1102
    expect(r.customerChurnRate).toBe(16.7); // 1 of 6
    // Made monthly: 1 − (1 − 1/6)^(30.4375 / 30) = 0.168879.
    expect(r.monthlyCustomerChurnRate).toBe(16.9);
    expect(r.arpa).toBe(161.4); // 807 / 5
    expect(r.ltv).toBeCloseTo(955.71, 2); // 161.40 / 0.168879
  });

  it('MRR over time: daily points from the start to now', async () => {
    const r = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
    expect(r.series).toHaveLength(30);
    expect(r.series[0]).toEqual({ at: '2030-06-01T12:00:00.000Z', mrr: 793, customers: 4 });
    // The 5 June downgrade is in the day ending 5 June 12:00.
    expect(r.series[4]).toEqual({ at: '2030-06-05T12:00:00.000Z', mrr: 724, customers: 4 });
    expect(r.series.at(-1)).toEqual({ at: '2030-06-30T12:00:00.000Z', mrr: 807, customers: 5 });
    const june10 = r.movementSeries.find((m: { at: string }) => m.at === '2030-06-10T12:00:00.000Z');
    expect(june10).toEqual({
      at: '2030-06-10T12:00:00.000Z',
      new: 0,
      expansion: 69,
      contraction: 0,
      churn: 0,
      reactivation: 0,
    });
  });

  it('cohorts by first-payment month, plan mix and revenue by month with refunds in their month', async () => {
    const r = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
    expect(r.cohorts).toEqual([
      // E: 120 in January, gone in February, back at 189 in June.
      { month: '2030-01', customers: 1, startingMrr: 120, retention: [100, 0, 0, 0, 0, 157.5] },
      // A: 120 in March, 189 from June.
      { month: '2030-03', customers: 1, startingMrr: 120, retention: [100, 100, 100, 157.5] },
      // B 295 + C 189 = 484 in April; in June B left and C pays 120.
      { month: '2030-04', customers: 2, startingMrr: 484, retention: [100, 100, 24.8] },
      { month: '2030-06', customers: 1, startingMrr: 120, retention: [100] },
    ]);
    expect(r.plans).toEqual([
      {
        planId: 'professional',
        planName: 'Professional',
        payingCustomers: 3,
        mrr: 567,
        customerShare: 60,
        trialing: 0,
      },
      {
        planId: 'starter',
        planName: 'Starter',
        payingCustomers: 2,
        mrr: 240,
        customerShare: 40,
        trialing: 0,
      },
      {
        planId: 'enterprise',
        planName: 'Enterprise',
        payingCustomers: 0,
        mrr: 0,
        customerShare: 0,
        trialing: 1,
      },
    ]);
    expect(r.revenueByMonth).toEqual([
      { month: '2030-05', gross: 220, refunds: 0, net: 220 },
      { month: '2030-06', gross: 295, refunds: 100, net: 195 },
    ]);
  });

  it('7 days: only the last week moves; no churn there means no LTV', async () => {
    const r = (await t.get(admin, '/api/admin/revenue?period=7d')).json();
    // Start 23 June 12:00: D is in (612 + 120), E not yet.
    expect(r.mrrAtStart).toBe(618);
    expect(r.movements.reactivation).toEqual({ amount: 189, count: 1 });
    expect(r.movements.churn).toEqual({ amount: 0, count: 0 });
    expect(r.mrrAtStart + r.movements.net).toBe(r.mrr);
    expect(r.customerChurnRate).toBe(0);
    expect(r.ltv).toBeNull();
    expect(r.series).toHaveLength(7);
  });

  it('one year: weekly points; the payments screen and the dashboard say the same MRR', async () => {
    const r = (await t.get(admin, '/api/admin/revenue?period=1y')).json();
    expect(r.series).toHaveLength(53);
    expect(r.series.at(-1).mrr).toBe(807);
    expect(r.mrrAtStart).toBe(189);
    expect(r.movements.new.count).toBe(5); // E, A, B, C and D
    const metrics = (await t.get(admin, '/api/admin/stripe-metrics')).json();
    expect(metrics).toEqual({
      mrr: 807,
      arr: 9684,
      activeSubscriptions: 5,
      trialingSubscriptions: 1,
      potentialMrr: 295,
    });
    expect((await t.get(admin, '/api/admin/stats')).json().monthlyRevenue).toBe(807);
    // The plans manager's Monthly Revenue is the same MRR, past due included (C: Starter, past due).
    const plans = (await t.get(admin, '/api/admin/plans/stats')).json();
    expect(plans.monthlyRevenue).toBe(807);
    expect(plans.plans.starter.monthlyRevenue).toBe(240); // C (past due) + D
    expect(plans.plans.professional.monthlyRevenue).toBe(
      r.plans.find((p: { planId: string }) => p.planId === 'professional').mrr,
    );
  });

  it('a change is seen at once, not an answer kept from before it', async () => {
    const before = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
    const metricsBefore = (await t.get(admin, '/api/admin/stripe-metrics')).json();
    const id = await customer('Gil');
    await subscribe(id, 'starter', 12_000, 'active', '2030-06-30T11:00:00Z');
    const after = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
    expect(after.mrr).toBe(before.mrr + 120);
    expect(after.movements.new.count).toBe(before.movements.new.count + 1);
    const metricsAfter = (await t.get(admin, '/api/admin/stripe-metrics')).json();
    expect(metricsAfter.mrr).toBe(metricsBefore.mrr + 120);
    expect(metricsAfter.activeSubscriptions).toBe(metricsBefore.activeSubscriptions + 1);
  });

  it('an unknown period is a 400 with a clear message', async () => {
    const res = await t.get(admin, '/api/admin/revenue?period=2w');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Period must be one of 7d, 30d, 90d, 1y');
  });
});

describe('who may see revenue', () => {
  it('sales is refused both; a manager without canViewAnalytics is refused the analytics', async () => {
    const sales = await t.staffCookie('sales@motorpool.local');
    expect((await t.get(sales, '/api/admin/revenue?period=30d')).statusCode).toBe(403);
    expect((await t.get(sales, '/api/admin/stripe-metrics')).statusCode).toBe(403);
    const manager = await staffWith(t, 'manager', { canViewAnalytics: false, canViewPayments: true });
    expect((await t.get(manager.cookie, '/api/admin/revenue?period=30d')).statusCode).toBe(403);
    expect((await t.get(manager.cookie, '/api/admin/stripe-metrics')).statusCode).toBe(200);
    const analyst = await staffWith(t, 'manager', { canViewAnalytics: true, canViewPayments: false });
    expect((await t.get(analyst.cookie, '/api/admin/revenue?period=30d')).statusCode).toBe(200);
    expect((await t.get(analyst.cookie, '/api/admin/stripe-metrics')).statusCode).toBe(403);
  });

  it('signed out is a 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/revenue' })).statusCode).toBe(401);
  });
});

/** Tables a statement reads, among the app's own (`from x`, `join x`; CTEs and functions are not tables). */
const tablesRead = (statements: string[]) =>
  new Set(
    statements.flatMap((q) =>
      [...q.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)]
        .map((m) => m[1]!.toLowerCase())
        .filter((name) => name in TABLE_DOMAINS),
    ),
  );
const REVENUE_READS = /\b(subscriptions|mrr_events|payment_day_totals|refunds|plans)\b/;

describe('answers kept until a table they read is written (db/table-writes.ts)', () => {
  it('while only other tables are written, a request reads none of them', async () => {
    await t.get(admin, '/api/admin/revenue?period=30d');
    await t.get(admin, '/api/admin/stripe-metrics');
    // System Health commits its report every few seconds: that no longer redoes the figures.
    await t.database.db.execute(sql`insert into app_meta (key, value) values ('revenue-kept-test', 'x')
      on conflict (key) do update set value = excluded.value`);
    const seen = await t.queriesDuring(async () => {
      expect((await t.get(admin, '/api/admin/revenue?period=30d')).statusCode).toBe(200);
      expect((await t.get(admin, '/api/admin/stripe-metrics')).statusCode).toBe(200);
    });
    expect(seen.filter((q) => REVENUE_READS.test(q))).toEqual([]);
  });

  it('reads again after a payment, a refund and a renamed plan', async () => {
    const june = (r: { revenueByMonth: { month: string; gross: number; refunds: number }[] }) =>
      r.revenueByMonth.find((m) => m.month === '2030-06')!;
    const before = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
    const id = await customer('Hal');
    const paid = await payment(id, 5_000, 'succeeded', '2030-06-29T10:00:00Z');
    const afterPayment = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
    expect(june(afterPayment).gross).toBe(june(before).gross + 50);
    await t.database.db.execute(sql`
      insert into refunds (payment_id, customer_id, amount_cents, status, request_key, created_at, completed_at)
      values (${paid}, ${id}, 2000, 'succeeded', 'kept-refund', '2030-06-29T11:00:00Z', '2030-06-29T11:00:05Z')`);
    const afterRefund = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
    expect(june(afterRefund).refunds).toBe(june(before).refunds + 20);
    const { rows } = (await t.database.db.execute(
      sql`select name from plans where id = 'professional'`,
    )) as unknown as { rows: { name: string }[] };
    const name = rows[0]!.name;
    await t.database.db.execute(sql`update plans set name = 'Professional Max' where id = 'professional'`);
    try {
      const renamed = (await t.get(admin, '/api/admin/revenue?period=30d')).json();
      expect(renamed.plans.find((p: { planId: string }) => p.planId === 'professional').planName).toBe(
        'Professional Max',
      );
    } finally {
      await t.database.db.execute(sql`update plans set name = ${name} where id = 'professional'`);
    }
  });

  it('after every kind of write, each kept answer is what a fresh read says', async () => {
    const fresh = (period: RevenuePeriod) =>
      t.database.db.transaction((tx) => computeRevenue(tx, period, clock.now()), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    const sameAsFresh = async (write: string) => {
      for (const period of ['7d', '30d', '90d', '1y'] as const) {
        const shown = (await t.get(admin, `/api/admin/revenue?period=${period}`)).json();
        expect(shown, `${period} after ${write}`).toEqual(JSON.parse(JSON.stringify(await fresh(period))));
      }
      const metrics = (await t.get(admin, '/api/admin/stripe-metrics')).json();
      const now = totals((await readSubscriptionsNow(t.database.db)).plans);
      expect(metrics.mrr * 100, `MRR after ${write}`).toBe(now.mrrCents);
      expect(metrics.activeSubscriptions, `active after ${write}`).toBe(now.active);
    };
    await sameAsFresh('nothing');
    const ivy = await customer('Ivy');
    await subscribe(ivy, 'starter', 12_000, 'active', '2030-06-29T08:00:00Z');
    await sameAsFresh('a new subscription');
    await change(ivy, { planId: 'enterprise', priceCents: 29_500 }, '2030-06-29T09:00:00Z');
    await sameAsFresh('an upgrade');
    await change(ivy, { status: 'past_due' }, '2030-06-29T10:00:00Z');
    await change(ivy, { status: 'canceled' }, '2030-06-29T11:00:00Z');
    await sameAsFresh('past due, then cancelled');
    const paid = await payment(ivy, 29_500, 'succeeded', '2030-06-29T09:30:00Z');
    await sameAsFresh('a payment');
    await t.database.db.execute(sql`update payments set status = 'refunded', refunded_cents = amount_cents
      where id = ${paid}`);
    await t.database.db.execute(sql`
      insert into refunds (payment_id, customer_id, amount_cents, status, request_key, created_at, completed_at)
      values (${paid}, ${ivy}, 29500, 'succeeded', 'kept-ivy', '2030-06-29T12:00:00Z', '2030-06-29T12:00:01Z')`);
    await sameAsFresh('a refund');
    // Several at once, as an import would, then an account deleted with its subscription.
    const [jo, ku] = await Promise.all([customer('Jo'), customer('Ku')]);
    await t.database.db.execute(sql`
      insert into subscriptions (customer_id, plan_id, status, price_cents, current_period_start, current_period_end, updated_at)
      select id, 'professional', 'active', 18900, '2030-06-29T13:00:00Z', '2030-07-29T13:00:00Z', '2030-06-29T13:00:00Z'
      from customers where id in (${jo!}, ${ku!})`);
    await sameAsFresh('two subscriptions in one statement');
    await t.database.db.execute(sql`delete from customers where id = ${jo!}`);
    await sameAsFresh('an account deleted');
  });

  it('reads only the tables it is kept on', async () => {
    const requests = () =>
      t.queriesDuring(async () => {
        await t.get(admin, '/api/admin/revenue?period=1y');
        await t.get(admin, '/api/admin/stripe-metrics');
      });
    await requests();
    // What a kept answer's requests read (signing in, the kept counts), then what a fresh read adds.
    const kept = tablesRead(await requests());
    await t.database.db.execute(sql`update plans set name = name where id = 'starter'`);
    const fresh = [...tablesRead(await requests())].filter((table) => !kept.has(table));
    expect(fresh.sort()).toEqual([...REVENUE_TABLES].sort());
    for (const table of METRICS_TABLES) expect(REVENUE_TABLES).toContain(table);
  });

  it('reads a period again once the clock has moved KEEP_MS, not before', async () => {
    const at = clock.now();
    try {
      const first = (await t.get(admin, '/api/admin/revenue?period=7d')).json();
      clock.set(new Date(at.getTime() + KEEP_MS - 1));
      expect((await t.get(admin, '/api/admin/revenue?period=7d')).json().end).toBe(first.end);
      clock.set(new Date(at.getTime() + KEEP_MS));
      expect((await t.get(admin, '/api/admin/revenue?period=7d')).json().end).toBe(
        new Date(at.getTime() + KEEP_MS).toISOString(),
      );
    } finally {
      clock.set(at);
    }
  });
});
