import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { addCard, CARDS, checkout, signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { manualClock } from '../../clock';
import { refundLatest } from '../../db/seed-history';
import { runDueBilling } from '../../jobs/billing-runner';
import { REVENUE_PERIODS, type RevenueAnalytics } from '../../../shared/contracts/revenue';
import { cohortsStatement, readCohorts } from './ledger';

/**
 * The figures add up over a history the billing engine makes itself: customers sign up, pay at
 * checkout, upgrade, downgrade, cancel, let renewals fail, pay again, and are refunded, while the
 * clock walks through half a year and the billing job runs as it would. For every period, MRR at the
 * start plus the movements is MRR now, to the cent; the ledger's MRR now is what the subscriptions
 * say; and at every step the ledger's MRR at that moment is what the subscriptions said then.
 */

const DAY = 86_400_000;
/** Who refunds in this history: the refund service audits it like a staff member's. */
const STAFF_REFUND = {
  actorType: 'system',
  actorId: null,
  actorEmail: 'identity-test',
  ipAddress: null,
  userAgent: null,
} as const;
const clock = manualClock(new Date('2031-01-05T08:00:00Z'));
let t: TestApp;
let admin: string;
const moments: { at: Date; mrrCents: number; paying: number }[] = [];
const done: Record<string, number> = {};

// A fixed-seed generator: the same history on every run.
let seed = 20_311;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const cents = (dollars: number) => Math.round(dollars * 100);

async function subscriptionsNow() {
  const result = (await t.database.db.execute(sql`
    select coalesce(sum(price_cents) filter (where status in ('active', 'past_due')), 0)::float8 as mrr,
      count(*) filter (where status in ('active', 'past_due') and price_cents > 0)::int as paying
    from subscriptions`)) as unknown as { rows: { mrr: number; paying: number }[] };
  return { mrrCents: Number(result.rows[0]!.mrr), paying: Number(result.rows[0]!.paying) };
}

async function ledgerAt(at: Date) {
  const result = (await t.database.db.execute(sql`
    select coalesce(sum(delta_cents), 0)::float8 as mrr, coalesce(sum(customer_delta), 0)::int as paying
    from mrr_events where occurred_at <= ${at.toISOString()}::timestamptz`)) as unknown as {
    rows: { mrr: number; paying: number }[];
  };
  return { mrrCents: Number(result.rows[0]!.mrr), paying: Number(result.rows[0]!.paying) };
}

const statusOf = async (c: TestCustomer) => {
  const result = (await t.database.db.execute(
    sql`select status, plan_id as "planId" from subscriptions where customer_id = ${c.id}`,
  )) as unknown as { rows: { status: string; planId: string }[] };
  return result.rows[0]!;
};

const count = (what: string, ok: boolean) => {
  if (ok) done[what] = (done[what] ?? 0) + 1;
};

async function step(customers: TestCustomer[]) {
  for (const c of customers) {
    const roll = random();
    const { status, planId } = await statusOf(c);
    if (status === 'trialing' || status === 'pending') {
      if (roll < 0.35) {
        const paid = await checkout(t, c, CARDS.visa);
        count(status === 'trialing' ? 'checkout' : 'pay-again', paid.statusCode === 200);
      }
    } else if (status === 'active') {
      if (roll < 0.12 && planId !== 'enterprise') {
        const up = await t.post(c, '/api/customer/upgrade-plan', {
          planId: planId === 'starter' ? pick(['professional', 'enterprise']) : 'enterprise',
        });
        count('upgrade', up.statusCode === 200);
      } else if (roll < 0.22 && planId !== 'starter') {
        const down = await t.post(c, '/api/customer/downgrade-plan', { planId: 'starter' });
        count('downgrade', down.statusCode === 200);
      } else if (roll < 0.28) {
        count('cancel', (await t.post(c, '/api/customer/cancel-subscription', {})).statusCode === 200);
      } else if (roll < 0.36) {
        await addCard(t, c, CARDS.declinesLater, true);
        count('card-that-declines', true);
      } else if (roll < 0.44) {
        const deps = { db: t.database.db, clock, provider: t.app.services.billing.provider };
        count('refund', await refundLatest(deps, STAFF_REFUND, c.id, false));
      }
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await t.staffCookie('admin@motorpool.local');
  const customers: TestCustomer[] = [];
  for (let day = 0; day < 200; day += 4) {
    if (customers.length < 14 && random() < 0.6) {
      customers.push(await signUp(t, { planId: pick(['starter', 'professional', 'enterprise']) }));
      count('sign-up', true);
    }
    await step(customers);
    clock.set(new Date(clock.now().getTime() + 4 * DAY + Math.floor(random() * 3_600_000)));
    const run = await runDueBilling(t.app.services.billing);
    for (const [outcome, n] of Object.entries(run.outcomes))
      done[`job:${outcome}`] = (done[`job:${outcome}`] ?? 0) + n!;
    moments.push({ at: clock.now(), ...(await subscriptionsNow()) });
    clock.set(new Date(clock.now().getTime() + 60_000));
  }
}, 600_000);
afterAll(() => t.close());

describe('the MRR identity over a history the billing engine made', () => {
  it('the history has every kind of change', async () => {
    for (const what of ['sign-up', 'checkout', 'upgrade', 'downgrade', 'cancel', 'refund', 'pay-again']) {
      expect(done[what], what).toBeGreaterThan(0);
    }
    expect(done['job:failed'] ?? 0).toBeGreaterThan(0);
    const year = (await t.get(admin, '/api/admin/revenue?period=1y')).json() as RevenueAnalytics;
    for (const kind of ['new', 'expansion', 'contraction', 'churn', 'reactivation'] as const) {
      expect(year.movements[kind].count, kind).toBeGreaterThan(0);
    }
  });

  it.each(REVENUE_PERIODS)('%s: MRR at start + movements = MRR at end, to the cent', async (period) => {
    const res = await t.get(admin, `/api/admin/revenue?period=${period}`);
    expect(res.statusCode).toBe(200);
    const r = res.json() as RevenueAnalytics;
    const m = r.movements;
    const moved =
      cents(m.new.amount) +
      cents(m.expansion.amount) +
      cents(m.contraction.amount) +
      cents(m.churn.amount) +
      cents(m.reactivation.amount);
    expect(cents(r.mrrAtStart) + moved).toBe(cents(r.mrr));
    expect(cents(m.net)).toBe(moved);
    // The API's MRR at start is the ledger read directly at that moment.
    expect(cents(r.mrrAtStart)).toBe((await ledgerAt(new Date(r.start))).mrrCents);
    expect(r.payingCustomersAtStart).toBe((await ledgerAt(new Date(r.start))).paying);
    // Each point of the series is the ledger at that point.
    for (const point of r.series.filter((_, i) => i % 5 === 0)) {
      expect(cents(point.mrr), point.at).toBe((await ledgerAt(new Date(point.at))).mrrCents);
    }
    // The plan mix adds up to MRR and the paying customers.
    expect(r.plans.reduce((s, p) => s + cents(p.mrr), 0)).toBe(cents(r.mrr));
    expect(r.plans.reduce((s, p) => s + p.payingCustomers, 0)).toBe(r.payingCustomers);
  });

  it("the ledger's MRR now is the price of every active or past-due subscription, read directly", async () => {
    const now = await subscriptionsNow();
    expect(await ledgerAt(clock.now())).toEqual(now);
    const r = (await t.get(admin, '/api/admin/revenue?period=30d')).json() as RevenueAnalytics;
    expect(cents(r.mrr)).toBe(now.mrrCents);
    expect(r.payingCustomers).toBe(now.paying);
    expect(cents((await t.get(admin, '/api/admin/stripe-metrics')).json().mrr)).toBe(now.mrrCents);
  });

  it('at every recorded moment the ledger said what the subscriptions said then', async () => {
    expect(moments.length).toBe(50);
    expect(new Set(moments.map((m) => m.mrrCents)).size).toBeGreaterThan(5);
    for (const moment of moments) {
      expect(await ledgerAt(moment.at), moment.at.toISOString()).toEqual({
        mrrCents: moment.mrrCents,
        paying: moment.paying,
      });
    }
  });

  it('revenue by month is the payments taken less the refunds made, each in its month', async () => {
    const r = (await t.get(admin, '/api/admin/revenue?period=1y')).json() as RevenueAnalytics;
    const totals = (await t.database.db.execute(sql`
      select (select coalesce(sum(amount_cents), 0) from payments
              where status in ('succeeded', 'refunded') and created_at >= ${r.start}::timestamptz - interval '31 days')::float8 as gross,
             (select coalesce(sum(amount_cents), 0) from refunds where status = 'succeeded')::float8 as refunded`)) as unknown as {
      rows: { gross: number; refunded: number }[];
    };
    const { gross, refunded } = totals.rows[0]!;
    expect(refunded).toBeGreaterThan(0);
    expect(r.revenueByMonth.reduce((s, m) => s + cents(m.refunds), 0)).toBe(Number(refunded));
    expect(r.revenueByMonth.reduce((s, m) => s + cents(m.net), 0)).toBe(Number(gross) - Number(refunded));
  });

  it('the kept cohorts are what the ledger says, also for an end with events after it', async () => {
    const monthsBefore = (at: Date, n: number) =>
      new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - n, 1));
    const rounded = (r: Awaited<ReturnType<typeof readCohorts>>) => ({
      heads: [...r.heads].sort((a, b) => a.cohort.localeCompare(b.cohort)),
      cells: r.cells
        .filter((c) => c.cents !== 0)
        .sort((a, b) => `${a.cohort}${a.month}`.localeCompare(`${b.cohort}${b.month}`)),
    });
    const earlier = new Date(clock.now().getTime() - 45 * DAY);
    const [{ later }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as later from mrr_events where occurred_at > ${earlier.toISOString()}::timestamptz`,
      )) as unknown as { rows: { later: number }[] }
    ).rows as [{ later: number }];
    expect(later).toBeGreaterThan(0);
    for (const end of [clock.now(), earlier]) {
      const range = { from: monthsBefore(end, 11), end };
      const kept = rounded(await readCohorts(t.database.db, range));
      expect(kept.heads.length).toBeGreaterThan(1);
      expect(kept, end.toISOString()).toEqual(rounded(await ledgerCohorts(range)));
    }
  });

  it('the cohorts read the ledger only after the end: every other month comes from the kept rows', async () => {
    const end = new Date(clock.now().getTime() - 45 * DAY);
    const statement = cohortsStatement({ from: new Date('2030-01-01T00:00:00Z'), end });
    // Without sequential scans the planner shows whether any read of the ledger is not bounded by the end.
    type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain (format json) ${statement}`)) as unknown as {
        rows: { 'QUERY PLAN': unknown }[];
      };
      const raw = result.rows[0]!['QUERY PLAN'];
      return (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    });
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan[0].Plan);
    const ledgerReads = nodes.filter((n) => n['Relation Name'] === 'mrr_events');
    expect(ledgerReads.length).toBeGreaterThan(0);
    for (const read of ledgerReads) {
      expect(read['Node Type']).not.toBe('Seq Scan');
      expect(String(read['Index Cond'] ?? read['Recheck Cond'])).toMatch(/^\(occurred_at > /);
    }
    expect(nodes.some((n) => n['Relation Name'] === 'mrr_cohort_months')).toBe(true);
  });

  it('the ledger is append-only: an event cannot be changed or removed', async () => {
    await expect(t.database.db.execute(sql`update mrr_events set delta_cents = 0`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from mrr_events`)).rejects.toThrow();
    const error = await t.database.db.execute(sql`delete from mrr_events`).catch((e: unknown) => e);
    expect(String((error as { cause?: unknown }).cause ?? error)).toContain('mrr_events is append-only');
  });
});

/** The cohorts worked out from the ledger itself, as the analytics did before they were kept (migration 0035). */
async function ledgerCohorts(range: { from: Date; end: Date }) {
  const result = (await t.database.db.execute(sql`
    with w as (
      select customer_id, kind, delta_cents, to_cents, date_trunc('month', occurred_at at time zone 'UTC') as month
      from mrr_events where occurred_at >= ${range.from.toISOString()}::timestamptz
        and occurred_at <= ${range.end.toISOString()}::timestamptz),
    c as (select customer_id, month as cohort, to_cents from w where kind = 'new')
    select 'head' as part, to_char(cohort, 'YYYY-MM') as cohort, null as month, count(*)::int as n,
      sum(to_cents)::float8 as cents
    from c group by c.cohort
    union all
    select 'cell', to_char(c.cohort, 'YYYY-MM'), to_char(w.month, 'YYYY-MM'), 0, sum(w.delta_cents)::float8
    from w join c on c.customer_id = w.customer_id group by c.cohort, w.month`)) as unknown as {
    rows: { part: string; cohort: string; month: string | null; n: number; cents: number }[];
  };
  return {
    heads: result.rows
      .filter((r) => r.part === 'head')
      .map((r) => ({ cohort: r.cohort, customers: Number(r.n), startingCents: Number(r.cents) })),
    cells: result.rows
      .filter((r) => r.part === 'cell')
      .map((r) => ({ cohort: r.cohort, month: r.month!, cents: Number(r.cents) })),
  };
}
