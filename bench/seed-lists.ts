// Seeds the staff lists' bench (npm run bench runs it with tsx while the app is stopped, after
// bench/seed-staff.ts has written its 100,000 customers and 1,000,000 payments): 1,000,000 rows each of
// support tickets, email outbox messages, invoices and sales commissions, spread over those customers,
// statuses and the last year, set-based (generate_series) in chunks that keep the embedded database's
// memory flat, with per-row triggers and foreign-key checks off for the bulk insert. Nothing it writes is
// due for a job: messages are sent or failed, invoices paid, void or open with a due date, so the
// background jobs do their usual work beside the loads, not a backlog of a million rows.
// Prints one JSON line.
import { sql, type SQL } from 'drizzle-orm';
import { bulk, numberedCustomers, rowsOf, withIndexesBuiltAfter, openSeedDatabase } from './seed-kit';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const CHUNK = 100_000;

const database = await openSeedDatabase();
const { db } = database;
const timings: Record<string, number> = {};

/**
 * Inserts ROWS rows into `table` in chunks (`insert(from, to)` writes rows from..to of generate_series g),
 * its secondary indexes built once at the end.
 */
async function seeded(label: string, table: string, insert: (from: number, to: number) => SQL) {
  const started = performance.now();
  await withIndexesBuiltAfter(db, table, async () => {
    for (let from = 1; from <= ROWS; from += CHUNK) {
      await bulk(db, insert(from, Math.min(ROWS, from + CHUNK - 1)));
    }
  });
  timings[label] = Math.round(performance.now() - started);
}

// The customers to spread rows over, numbered 1..n, and the sales users commissions are earned by.
const customers = await numberedCustomers(db, 'bench_list_customers');
const [sales] = rowsOf<{ id: string; name: string }>(
  await db.execute(
    sql`select id, first_name || ' ' || last_name as name from staff_users where role = 'sales' order by created_at limit 1`,
  ),
);
if (!customers || !sales)
  throw new Error('seed-lists needs the staff seed first (customers and a sales user)');
const spread = (g: SQL) => sql`1 + ${g} % ${customers}`;

// Ticket g: numbered after any existing ticket, one in 50 from a visitor, status and priority by g.
const [{ lastNumber }] = rowsOf<{ lastNumber: number }>(
  await db.execute(sql`select coalesce(max(number), 1000)::int as "lastNumber" from support_tickets`),
);
await seeded(
  'ticketsMs',
  'support_tickets',
  (from, to) => sql`
  insert into support_tickets (number, customer_id, visitor_name, visitor_email, subject, description,
    category, status, priority, last_activity_at, created_at, updated_at)
  select ${lastNumber} + g, case when g % 50 = 0 then null else c.id end,
    case when g % 50 = 0 then 'Visitor ' || g end, case when g % 50 = 0 then 'visitor-' || g || '@example.com' end,
    (array['Invoice shows the wrong amount','GPS unit offline','Add a fuel report','Cannot sign in',
           'Export to CSV fails','Driver app crashes'])[1 + g % 6] || ' #' || g,
    'Reported by ' || c.company_name || ': details of case ' || g,
    (array['billing','technical','feature_request'])[1 + g % 3],
    (array['open','in_progress','resolved','closed','closed','resolved'])[1 + (g / 3) % 6],
    (array['low','medium','medium','high','urgent'])[1 + (g / 7) % 5],
    now() - make_interval(secs => g * 31), now() - make_interval(secs => g * 31 + 3600),
    now() - make_interval(secs => g * 31)
  from generate_series(${from}::int, ${to}::int) g
  join bench_list_customers c on c.n = ${spread(sql`g`)}`,
);
await db.execute(sql`
  insert into counters (name, value) values ('support_ticket', ${lastNumber + ROWS})
  on conflict (name) do update set value = greatest(counters.value, excluded.value)`);
// What the skipped support_tickets trigger (migration 0025) keeps: the analytics' and the list's figures.
const figuresStarted = performance.now();
await db.execute(sql`select support_ticket_figures_rebuild()`);
timings.ticketFiguresMs = Math.round(performance.now() - figuresStarted);

// Message g: a template in turn, sent (one in 40 failed), to the customer it names.
await seeded(
  'outboxMs',
  'email_outbox',
  (from, to) => sql`
  insert into email_outbox (template_id, to_email, to_name, subject, body_text, customer_id, status, attempts,
    next_attempt_at, transport, provider_message_id, last_error, sent_at, failed_at, created_at)
  select t.id, c.email, c.first_name || ' ' || c.last_name,
    initcap(replace(t.id, '_', ' ')) || ' for ' || c.company_name, 'Hello ' || c.first_name || ', message ' || g,
    c.id, case when g % 40 = 0 then 'failed' else 'sent' end, case when g % 40 = 0 then 5 else 1 end,
    now() - make_interval(secs => g * 31), 'smtp', case when g % 40 = 0 then null else '<bench-' || g || '@motorpool>' end,
    case when g % 40 = 0 then 'Mailbox unavailable' end,
    case when g % 40 = 0 then null else now() - make_interval(secs => g * 31) end,
    case when g % 40 = 0 then now() - make_interval(secs => g * 31) end,
    now() - make_interval(secs => g * 31)
  from generate_series(${from}::int, ${to}::int) g
  join bench_list_customers c on c.n = ${spread(sql`g`)}
  cross join lateral (select (array['welcome','payment_success','payment_failed','trial_expiring',
    'password_changed','new_sign_in','support_reply'])[1 + g % 7] as id) t`,
);

// Invoice g: a month of the customer's plan, paid (one in 30 open and due, one in 60 void).
await seeded(
  'invoicesMs',
  'invoices',
  (from, to) => sql`
  insert into invoices (number, customer_id, kind, status, total_cents, lines, period_start, period_end,
    billing_name, billing_email, issued_at, due_at, collected_cents, paid_at, created_at)
  select 'BENCH-' || lpad(g::text, 7, '0'), c.id, 'subscription', st.status, price.cents,
    jsonb_build_array(jsonb_build_object('description', initcap(c.plan_id) || ' plan, monthly',
      'amountCents', price.cents)),
    now() - make_interval(secs => g * 31) , now() - make_interval(secs => g * 31) + interval '1 month',
    c.company_name, c.email, now() - make_interval(secs => g * 31),
    now() - make_interval(secs => g * 31) + interval '14 days',
    case when st.status = 'paid' then price.cents else 0 end,
    case when st.status = 'paid' then now() - make_interval(secs => g * 31) end,
    now() - make_interval(secs => g * 31)
  from generate_series(${from}::int, ${to}::int) g
  join bench_list_customers c on c.n = ${spread(sql`g`)}
  cross join lateral (select case c.plan_id when 'starter' then 12000 when 'professional' then 18900
                             else 29500 end as cents) price
  cross join lateral (select case when g % 30 = 0 then 'open' when g % 60 = 1 then 'void'
                             else 'paid' end as status) st`,
);

// Commission g: 10 % of a month of the customer's plan, by the first sales user; one in 3 paid.
await seeded(
  'commissionsMs',
  'sales_commissions',
  (from, to) => sql`
  insert into sales_commissions (sales_user_id, sales_user_name, customer_id, company_name, plan_id, source_key,
    commission_type, base_cents, commission_rate, commission_cents, status, paid_at, created_at)
  select ${sales.id}::uuid, ${sales.name}, c.id, c.company_name, c.plan_id, 'bench-payment:' || g, 'payment',
    price.cents, 0.1, price.cents / 10, case when g % 3 = 0 then 'paid' else 'pending' end,
    case when g % 3 = 0 then now() - make_interval(secs => g * 31) + interval '20 days' end,
    now() - make_interval(secs => g * 31)
  from generate_series(${from}::int, ${to}::int) g
  join bench_list_customers c on c.n = ${spread(sql`g`)}
  cross join lateral (select case c.plan_id when 'starter' then 12000 when 'professional' then 18900
                             else 29500 end as cents) price`,
);

await db.execute(sql`drop table bench_list_customers`);
// The bulk inserts ran with triggers off: the outbox's and the commissions' kept totals (migration 0026)
// and the invoices' counts per status (0036) are worked out once from the rows.
const totalsStarted = performance.now();
await db.execute(sql`select email_day_totals_recompute()`);
await db.execute(sql`select sales_commission_totals_recompute()`);
await db.execute(sql`select invoice_status_totals_recompute()`);
timings.totalsMs = Math.round(performance.now() - totalsStarted);
const analyzeStarted = performance.now();
await db.execute(sql`vacuum analyze support_tickets, support_ticket_totals, support_ticket_duration_buckets,
  support_open_ticket_hours, email_outbox, email_day_totals, invoices, invoice_status_totals, sales_commissions,
  counters`);
timings.analyzeMs = Math.round(performance.now() - analyzeStarted);
await database.close();
console.log(JSON.stringify({ rows: ROWS, ...timings }));
