// Seeds the staff screens' bench (npm run bench runs it with tsx while the app is stopped):
// 100,000 customers spread over statuses, risk levels, health scores and plans, each with a
// subscription and its MRR history, 1,000,000 activity rows and 1,000,000 payments with their
// refunds, all set-based (generate_series), in chunks that keep the embedded database's memory flat. Then it times the dashboard's stats query on its own
// (no cache): the cost of every recomputation. Prints one JSON line.
import { sql, type SQL } from 'drizzle-orm';
import { readFigures } from '../src/server/modules/dashboard';
import { bulk as bulkInsert, withIndexesBuiltAfter, openSeedDatabase } from './seed-kit';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 1_000_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const CHUNK = 100_000;

const database = await openSeedDatabase();
const { db } = database;
const timings: Record<string, number> = {};

const bulk = (statement: SQL) => bulkInsert(db, statement);
const timed = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  timings[label] = Math.round(performance.now() - started);
};

// Customer g: status by g % 20 (12 active, 3 pending, 2 suspended, 3 cancelled), plan by g % 3,
// a health score spread over 0..100 with the risk level of its band, joined over the last 400 days.
await timed('customersMs', async () => {
  for (let from = 1; from <= CUSTOMERS; from += CHUNK) {
    const to = Math.min(CUSTOMERS, from + CHUNK - 1);
    await bulk(sql`
      insert into customers (email, password_hash, first_name, last_name, company_name, phone, city, state,
        country, plan_id, status, car_limit, user_limit, health_score, risk_level, health_reasons,
        health_checked_at, last_sign_in_at, suspended_at, created_at, updated_at)
      select 'bench-staff-' || g || '@example.com', 'not-a-hash',
        (array['Alex','Blair','Casey','Drew','Emery','Finley','Gray','Harper'])[1 + g % 8],
        (array['Stone','Rivera','Okafor','Lindqvist','Nakamura','Patel','Moreau','Kowalski'])[1 + (g / 8) % 8],
        (array['Atlas','Beacon','Cobalt','Delta','Summit','Harbor','Prairie','Granite'])[1 + g % 8] || ' '
          || (array['Freight','Logistics','Haulage','Transit','Couriers'])[1 + (g / 8) % 5] || ' ' || g,
        '+1555' || lpad((g % 10000000)::text, 7, '0'),
        (array['Columbus','Austin','Denver','Portland','Atlanta'])[1 + g % 5],
        (array['OH','TX','CO','OR','GA'])[1 + g % 5],
        'US',
        plan.id,
        (array['active','active','active','active','active','active','active','active','active','active',
               'active','active','pending','pending','pending','suspended','suspended','cancelled','cancelled',
               'cancelled'])[1 + g % 20],
        plan.cars, plan.users,
        score, case when score >= 80 then 'low' when score >= 60 then 'medium' when score >= 40 then 'high'
                    else 'critical' end,
        case when score >= 80 then '[]'::jsonb
             when score >= 60 then '["No sign-in for 24 days"]'::jsonb
             else '["2 failed payments in 30 days", "Subscription past due: the renewal is being retried"]'::jsonb end,
        now(),
        now() - make_interval(days => g % 40),
        case when g % 20 in (15, 16) then now() - make_interval(days => g % 30) end,
        now() - make_interval(days => g % 400, secs => g % 86400),
        now()
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select (g * 37) % 101 as score) s
      cross join lateral (select (array['starter','professional','enterprise'])[1 + g % 3] as id,
                                 (array[5, 15, 50])[1 + g % 3] as cars,
                                 (array[3, 5, 25])[1 + g % 3] as users) plan`);
  }
  // What the skipped per-row trigger (migration 0005) would have written, in one statement.
  await db.execute(sql`
    insert into customer_logins (email, customer_id)
    select lower(email), id from customers where email like 'bench-staff-%'`);
});

await timed('subscriptionsMs', () =>
  bulk(sql`
    insert into subscriptions (customer_id, plan_id, status, price_cents, trial_ends_at,
      current_period_start, current_period_end, next_action_at)
    select c.id, c.plan_id, st.status,
      (case c.plan_id when 'starter' then 12000 when 'professional' then 18900 else 29500 end),
      case when st.status = 'trialing' then now() + interval '5 days' end,
      now() - interval '10 days', now() + interval '20 days',
      case when st.status in ('active','trialing','past_due') then now() + interval '20 days' end
    from customers c
    cross join lateral (select case
        when c.status = 'pending' then 'pending'
        when c.status = 'cancelled' then 'canceled'
        when hashtext(c.email) % 10 = 0 then 'trialing'
        when hashtext(c.email) % 10 = 1 then 'past_due'
        else 'active' end as status) st
    where c.email like 'bench-staff-%'`),
);

// What the skipped MRR triggers (migration 0011) would have kept: each subscription's MRR, and a year of
// ledger events that end at it. Every account started paying when it joined; one in five started on a
// lower price and expanded 60 days later; the accounts that no longer pay churned 30 days before now
// (or now, when they joined less than 61 days ago: no event is dated after the seed).
await timed('mrrHistoryMs', async () => {
  await bulk(sql`
    update subscriptions set mrr_cents = case when status in ('active','past_due') then price_cents else 0 end
    where customer_id in (select id from customers where email like 'bench-staff-%')`);
  await db.execute(sql`
    insert into mrr_events (customer_id, subscription_id, plan_id, kind, from_cents, to_cents, delta_cents,
      customer_delta, occurred_at)
    select s.customer_id, s.id, s.plan_id, 'new', 0, first.cents, first.cents, 1, c.created_at
    from subscriptions s join customers c on c.id = s.customer_id
    cross join lateral (select case when hashtext(c.email) % 5 = 2 then s.price_cents - 3000 else s.price_cents end
                        as cents) first
    where c.email like 'bench-staff-%' and s.status <> 'trialing'`);
  await db.execute(sql`
    insert into mrr_events (customer_id, subscription_id, plan_id, kind, from_cents, to_cents, delta_cents,
      customer_delta, occurred_at)
    select s.customer_id, s.id, s.plan_id, 'expansion', s.price_cents - 3000, s.price_cents, 3000, 0,
      least(c.created_at + interval '60 days', now())
    from subscriptions s join customers c on c.id = s.customer_id
    where c.email like 'bench-staff-%' and s.status <> 'trialing' and hashtext(c.email) % 5 = 2`);
  await db.execute(sql`
    insert into mrr_events (customer_id, subscription_id, plan_id, kind, from_cents, to_cents, delta_cents,
      customer_delta, occurred_at)
    select s.customer_id, s.id, s.plan_id, 'churn', s.price_cents, 0, -s.price_cents, -1,
      least(greatest(c.created_at + interval '61 days', now() - interval '30 days'), now())
    from subscriptions s join customers c on c.id = s.customer_id
    where c.email like 'bench-staff-%' and s.status in ('pending','canceled')`);
});

// Payment g: about customer 1 + g % N, one every 31 seconds back over the last year; one in 50 failed,
// one in 97 refunded in full (with its refund row), the rest succeeded. Indexes built once at the end.
await timed('paymentsMs', async () => {
  await withIndexesBuiltAfter(db, 'payments', async () => {
    await db.execute(sql`create table bench_pay_ids as
    select row_number() over (order by id)::int as n, id, plan_id from customers where email like 'bench-staff-%'`);
    for (let from = 1; from <= PAYMENTS; from += CHUNK) {
      const to = Math.min(PAYMENTS, from + CHUNK - 1);
      await bulk(sql`
      insert into payments (customer_id, amount_cents, refunded_cents, status, description, provider,
        provider_ref, failure_message, idempotency_key, plan_id, created_at)
      select c.id, price.cents, case when st.status = 'refunded' then price.cents else 0 end, st.status,
        initcap(c.plan_id) || ' plan, monthly', 'sandbox', 'ch_bench_' || g,
        case when st.status = 'failed' then 'Your card was declined.' end,
        'bench-payment:' || g, c.plan_id, now() - make_interval(secs => g * 31)
      from generate_series(${from}::int, ${to}::int) g
      join bench_pay_ids c on c.n = 1 + g % ${CUSTOMERS}
      cross join lateral (select case c.plan_id when 'starter' then 12000 when 'professional' then 18900
                                 else 29500 end as cents) price
      cross join lateral (select case when g % 50 = 0 then 'failed' when g % 97 = 0 then 'refunded'
                                 else 'succeeded' end as status) st`);
    }
    await db.execute(sql`drop table bench_pay_ids`);
  });
  // What the skipped payments trigger (migration 0012) would have added up.
  await db.execute(sql`
    insert into payment_day_totals (day, status, payments, amount_cents, refunded_cents)
    select (created_at at time zone 'UTC')::date, status, count(*), sum(amount_cents), sum(refunded_cents)
    from payments where idempotency_key like 'bench-payment:%' group by 1, 2
    on conflict (day, status) do update set payments = payment_day_totals.payments + excluded.payments,
      amount_cents = payment_day_totals.amount_cents + excluded.amount_cents,
      refunded_cents = payment_day_totals.refunded_cents + excluded.refunded_cents`);
  await bulk(sql`
    insert into refunds (payment_id, customer_id, amount_cents, reason, status, request_key, provider_ref,
      created_at, completed_at)
    select id, customer_id, amount_cents, 'Bench refund', 'succeeded', 'bench-refund:' || id, 're_' || provider_ref,
      created_at + interval '2 days', created_at + interval '2 days'
    from payments where status = 'refunded' and idempotency_key like 'bench-payment:%'`);
});

// Activity g: one of the feed's six actions, about customer 1 + g % N, spread over the last year. The
// secondary indexes are built once at the end (their definitions read back from the catalogue).
await timed('activitiesMs', () =>
  withIndexesBuiltAfter(db, 'activities', async () => {
    await db.execute(sql`create table bench_ids as
    select row_number() over (order by id)::int as n, id, email from customers where email like 'bench-staff-%'`);
    for (let from = 1; from <= ACTIVITIES; from += CHUNK) {
      const to = Math.min(ACTIVITIES, from + CHUNK - 1);
      await bulk(sql`
      insert into activities (action, description, metadata, customer_id, created_at)
      select a.action, 'Bench Fleet ' || c.n || ': ' || replace(a.action, '_', ' '),
        jsonb_build_object('customerEmail', c.email, 'planName', 'Professional', 'amount', 189),
        c.id, now() - make_interval(secs => g * 31)
      from generate_series(${from}::int, ${to}::int) g
      join bench_ids c on c.n = 1 + g % ${CUSTOMERS}
      cross join lateral (select (array['customer_registered','payment_succeeded','payment_failed',
        'customer_updated','plan_changed','admin_login'])[1 + g % 6] as action) a`);
    }
    await db.execute(sql`drop table bench_ids`);
  }),
);

// What autovacuum would do on PostgreSQL; the embedded database has no autovacuum.
await timed('analyzeMs', () =>
  db.execute(
    sql`vacuum analyze customers, customer_logins, subscriptions, activities, payments, payment_day_totals, refunds, mrr_events`,
  ),
);

// The stats query alone, uncached: 15 runs.
const runs: number[] = [];
// Growth is read from the MRR ledger's last 30 days (docs/staff-dashboard.md).
for (let i = 0; i < 15; i++) {
  const started = performance.now();
  await readFigures(db, new Date());
  runs.push(performance.now() - started);
}
runs.sort((a, b) => a - b);
const figures = await readFigures(db, new Date());
await database.close();
console.log(
  JSON.stringify({
    customers: CUSTOMERS,
    activities: ACTIVITIES,
    payments: PAYMENTS,
    ...timings,
    statsQueryMedianMs: Math.round(runs[Math.floor(runs.length / 2)]! * 10) / 10,
    statsQueryMaxMs: Math.round(runs[runs.length - 1]! * 10) / 10,
    totalCustomers: figures.totalCustomers,
    activeSubscriptions: figures.activeSubscriptions,
  }),
);
