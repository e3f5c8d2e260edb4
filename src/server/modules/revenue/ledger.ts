import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentDayTotals } from '../../db/schema';
import { isCollected } from '../billing';

/**
 * Reads of the MRR ledger and the tables beside it (docs/revenue.md). Each is one statement whose
 * work is bounded by an indexed range (mrr_events_occurred_idx, payments_status_created_idx,
 * refunds_created_idx) or one pass over subscriptions, grouped in the database so that only a few
 * rows per bucket come back.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export type PlanNow = {
  planId: string;
  planName: string;
  /** Subscriptions active or past due (a free plan's included): the dashboard's Active Subscriptions. */
  activeSubscriptions: number;
  /** Subscriptions that add to MRR now (mrr_cents > 0): the customers paying for this plan. */
  payingCustomers: number;
  mrrCents: number;
  trialing: number;
  potentialCents: number;
};

/**
 * The one source of MRR now (docs/figures.md): the dashboard's Monthly Revenue, the plans manager's
 * revenue per plan, the payments overview's MRR and revenue analytics all read it.
 * What subscriptions add to MRR now, per plan, with the database snapshot they were read in: a later
 * read with the same snapshot would find the same rows, so an answer kept with it stays true.
 */
export async function readSubscriptionsNow(
  exec: Executor,
): Promise<{ fingerprint: string; plans: PlanNow[] }> {
  const [row] = rowsOf(
    await exec.execute(sql`
      select pg_current_snapshot()::text as "fingerprint",
        coalesce((select json_agg(x order by x."mrrCents" desc, x."planId") from (
          select s.plan_id as "planId", coalesce(min(p.name), s.plan_id) as "planName",
            count(*) filter (where s.status in ('active', 'past_due'))::int as "activeSubscriptions",
            count(*) filter (where s.mrr_cents > 0)::int as "payingCustomers",
            coalesce(sum(s.mrr_cents), 0)::float8 as "mrrCents",
            count(*) filter (where s.status = 'trialing')::int as "trialing",
            coalesce(sum(s.price_cents) filter (where s.status = 'trialing'), 0)::float8 as "potentialCents"
          from subscriptions s left join plans p on p.id = s.plan_id
          group by s.plan_id) x), '[]'::json) as "plans"`),
  );
  const plans = (typeof row!.plans === 'string' ? JSON.parse(row!.plans) : row!.plans) as PlanNow[];
  return {
    fingerprint: String(row!.fingerprint),
    plans: plans.map((p) => ({ ...p, mrrCents: Number(p.mrrCents) })),
  };
}

export type BucketRow = { bucket: number; kind: string; cents: number; customers: number; count: number };

/**
 * The ledger's events after `start`, summed per bucket of `stepSeconds` and kind; bucket -1 holds
 * everything after `end` (a row dated later than now), so MRR at start = MRR now − every later delta.
 * A bucket is the number of bucket starts (start + k × step, k ≥ 1, the last bucket open-ended) at or
 * before the event: `width_bucket` finds it by comparing timestamps, exactly, where dividing each
 * event's epoch in numeric arithmetic cost twice as much over a year of the ledger.
 */
export async function readMovements(
  exec: Executor,
  range: { start: Date; end: Date; stepSeconds: number; buckets: number },
): Promise<BucketRow[]> {
  const { start, end, stepSeconds, buckets } = range;
  const starts = Array.from({ length: buckets - 1 }, (_, k) =>
    new Date(start.getTime() + (k + 1) * stepSeconds * 1000).toISOString(),
  );
  const rows = rowsOf(
    await exec.execute(sql`
      select case when e.occurred_at > ${ts(end)} then -1
          else width_bucket(e.occurred_at, ${`{${starts.join(',')}}`}::timestamptz[]) end as bucket,
        e.kind, sum(e.delta_cents)::float8 as cents, sum(e.customer_delta)::int as customers, count(*)::int as count
      from mrr_events e
      where e.occurred_at > ${ts(start)}
      group by 1, e.kind`),
  );
  return rows.map((r) => ({
    bucket: Number(r.bucket),
    kind: String(r.kind),
    cents: Number(r.cents),
    customers: Number(r.customers),
    count: Number(r.count),
  }));
}

export type CohortRow = { cohort: string; month: string; cents: number };
export type CohortHead = { cohort: string; customers: number; startingCents: number };

/** The statement of readCohorts (its plan is held by a test: the ledger is read only after `end`). */
export function cohortsStatement(range: { from: Date; end: Date }) {
  const from = range.from.toISOString().slice(0, 10);
  return sql`
    with later as (
      select mrr_cohort_of(e.customer_id) as cohort,
        date_trunc('month', e.occurred_at at time zone 'UTC')::date as month,
        e.kind, e.to_cents, e.delta_cents
      from mrr_events e where e.occurred_at > ${ts(range.end)}),
    x as (
      select cohort, month, customers, starting_cents, delta_cents
      from mrr_cohort_months where cohort >= ${from}::date
      union all
      select cohort, month, -(kind = 'new')::int, case when kind = 'new' then -to_cents else 0 end, -delta_cents
      from later where cohort >= ${from}::date)
    select to_char(cohort, 'YYYY-MM') as cohort, to_char(month, 'YYYY-MM') as month,
      sum(customers)::int as customers, sum(starting_cents)::float8 as starting, sum(delta_cents)::float8 as cents
    from x group by x.cohort, x.month`;
}

/**
 * Net MRR retention by first-payment month, from `mrr_cohort_months`: per cohort (the month of a
 * customer's first `new` event) and month, kept by a trigger in each event's transaction (migration
 * 0035), a few dozen rows for a year. The kept rows hold every event up to now; the few dated after
 * `end` (none, unless a clock ran ahead) are read from the ledger and taken out again. `from` is the
 * first day of a UTC month.
 */
export async function readCohorts(
  exec: Executor,
  range: { from: Date; end: Date },
): Promise<{ heads: CohortHead[]; cells: CohortRow[] }> {
  const rows = rowsOf(await exec.execute(cohortsStatement(range)));
  const heads: CohortHead[] = [];
  const cells: CohortRow[] = [];
  for (const r of rows) {
    const cohort = String(r.cohort);
    const month = String(r.month);
    if (month === cohort && Number(r.customers) > 0) {
      heads.push({ cohort, customers: Number(r.customers), startingCents: Number(r.starting) });
    }
    cells.push({ cohort, month, cents: Number(r.cents) });
  }
  return { heads, cells };
}

/**
 * Payments taken (succeeded, or refunded since: the money came in that month) and refunds made, per
 * UTC calendar month from `from` to `end`. Payments come from their daily totals (kept by the payments
 * trigger, migration 0012): a year is a few hundred rows however many payments there are.
 */
export async function readRevenueByMonth(
  exec: Executor,
  range: { from: Date; end: Date },
): Promise<{ month: string; grossCents: number; refundCents: number }[]> {
  const rows = rowsOf(
    await exec.execute(sql`
      select to_char(month, 'YYYY-MM') as month, sum(gross)::float8 as gross, sum(refunded)::float8 as refunded
      from (
        select date_trunc('month', day) as month, sum(amount_cents) as gross, 0 as refunded
        from payment_day_totals
        where ${isCollected(paymentDayTotals.status)}
          and day >= (${ts(range.from)}::timestamptz at time zone 'UTC')::date
          and day <= (${ts(range.end)}::timestamptz at time zone 'UTC')::date
        group by 1
        union all
        select date_trunc('month', completed_at at time zone 'UTC'), 0, sum(amount_cents)
        from refunds
        where status = 'succeeded' and completed_at >= ${ts(range.from)} and completed_at <= ${ts(range.end)}
        group by 1) x
      group by x.month order by x.month`),
  );
  return rows.map((r) => ({
    month: String(r.month),
    grossCents: Number(r.gross),
    refundCents: Number(r.refunded),
  }));
}

/**
 * The ledger's movements after `from` and after `to` (from ≤ to): MRR and paying customers at a moment
 * t are those now less every movement after t (docs/revenue.md), so one statement gives both ends of
 * a window. Read through `mrr_events_occurred_idx`.
 */
export async function readLedgerAfter(
  exec: Executor,
  range: { from: Date; to: Date },
): Promise<{
  afterFrom: { cents: number; customers: number };
  afterTo: { cents: number; customers: number };
}> {
  const [row] = rowsOf(
    await exec.execute(sql`
      select coalesce(sum(delta_cents), 0)::float8 as "fromCents",
        coalesce(sum(customer_delta), 0)::int as "fromCustomers",
        coalesce(sum(delta_cents) filter (where occurred_at > ${ts(range.to)}), 0)::float8 as "toCents",
        coalesce(sum(customer_delta) filter (where occurred_at > ${ts(range.to)}), 0)::int as "toCustomers"
      from mrr_events where occurred_at > ${ts(range.from)}`),
  );
  return {
    afterFrom: { cents: Number(row!.fromCents), customers: Number(row!.fromCustomers) },
    afterTo: { cents: Number(row!.toCents), customers: Number(row!.toCustomers) },
  };
}

/**
 * Customers who started paying in (start, end] and were not paying at the start: with those paying at
 * the start, every customer who paid at some time in the period (the churn rates' denominator). A
 * customer's paying state at a moment is the sum of their customer_delta up to it. Those who started
 * less those of them paying at the start: the planner reads the ledger before the start for all of
 * them at once (a year: 85,000 starters at 100,000 customers) or per customer
 * (`mrr_events_customer_idx`) when they are few, where a lookup per starter took 0.6 s for a year.
 */
export async function readStartersInPeriod(exec: Executor, range: { start: Date; end: Date }) {
  const [row] = rowsOf(
    await exec.execute(sql`
      with started as (
        select distinct customer_id from mrr_events
        where occurred_at > ${ts(range.start)} and occurred_at <= ${ts(range.end)}
          and kind in ('new', 'reactivation')),
      paying_at_start as (
        select customer_id from mrr_events
        where occurred_at <= ${ts(range.start)} and customer_id in (select customer_id from started)
        group by customer_id having sum(customer_delta) > 0)
      select ((select count(*) from started) - (select count(*) from paying_at_start))::int as n`),
  );
  return Number(row!.n);
}
