// Seeds the fleets of every account at scale for the lists' bench (npm run bench runs it with tsx while the
// app is stopped, after bench/seed-staff.ts): 1,000,000 vehicles (ten per customer of the staff seed),
// 500,000 drivers and 1,000,000 maintenance records (one in five open, due from two months ago to two
// months ahead): the main tables of the Fleet Control Center's figures, and a day of their audit trail
// (20,000 customer sign-ins, one in ten through the fleet CRM, and 20,000 fleet changes, which Live
// Monitoring counts); then the figures the triggers keep, recomputed once. Prints one JSON line.
import { sql, type SQL } from 'drizzle-orm';
import { bulk, numberedCustomers, openSeedDatabase, withIndexesBuiltAfter } from './seed-kit';

const ROWS = Number(process.env.BENCH_FLEET_ROWS ?? 1_000_000);
const CHUNK = 100_000;

const database = await openSeedDatabase();
const { db } = database;
const timings: Record<string, number> = {};

async function seeded(label: string, table: string, rows: number, insert: (from: number, to: number) => SQL) {
  const started = performance.now();
  await withIndexesBuiltAfter(db, table, async () => {
    for (let from = 1; from <= rows; from += CHUNK) {
      await bulk(db, insert(from, Math.min(rows, from + CHUNK - 1)));
    }
  });
  timings[label] = Math.round(performance.now() - started);
}

const customers = await numberedCustomers(db, 'bench_fleet_customers');
// Row g of every table belongs to customer 1 + g % n, so maintenance record g is for vehicle g.
const owner = sql`c.n = 1 + g % ${customers}`;
const vin = (g: SQL) => sql`'FLEET' || lpad(${g}::text, 12, '0')`;
const ago = sql`now() - make_interval(secs => g * 31)`;

await seeded(
  'vehiclesMs',
  'vehicles',
  ROWS,
  (from, to) => sql`
  insert into vehicles (customer_id, make, model, year, vin, license_plate, status, mileage, fuel_level, location,
    last_update, created_at, updated_at)
  select c.id,
    (array['Ford','Volvo','Mercedes-Benz','Ram','Isuzu','Toyota','Chevrolet','Hino'])[1 + g % 8],
    (array['Transit','FH16','Sprinter','ProMaster','NPR','Tacoma','Express','268A'])[1 + g % 8],
    2010 + g % 15, ${vin(sql`g`)}, 'FL-' || g,
    (array['active','active','active','maintenance','inactive','retired'])[1 + g % 6],
    (g * 37) % 300000, g % 101, 'Depot ' || (g % 40), ${ago}, ${ago}, ${ago}
  from generate_series(${from}::int, ${to}::int) g
  join bench_fleet_customers c on ${owner}`,
);

await seeded(
  'driversMs',
  'drivers',
  ROWS / 2,
  (from, to) => sql`
  insert into drivers (customer_id, name, email, phone, license_number, status, created_at, updated_at)
  select c.id, 'Driver ' || g, 'driver-' || g || '@bench.example', '+1 555 ' || lpad((g % 10000)::text, 4, '0'),
    'DL' || lpad(g::text, 9, '0'), (array['active','active','inactive','on_leave'])[1 + g % 4], ${ago}, ${ago}
  from generate_series(${from}::int, ${to}::int) g
  join bench_fleet_customers c on ${owner}`,
);

await seeded(
  'maintenanceMs',
  'maintenance_records',
  ROWS,
  (from, to) => sql`
  insert into maintenance_records (customer_id, vehicle_id, type, due_date, due_mileage, cost_cents, completed_date,
    created_at, updated_at, vehicle_mileage, search_text)
  select c.id, v.id, t.type,
    current_date + (g % 121 - 60), case when g % 2 = 0 then (g * 37) % 300000 + 5000 end, 5000 + g % 40000,
    case when g % 5 <> 0 then current_date - (g % 365) end, ${ago}, ${ago},
    -- the vehicle's mileage on the open ones (one in five), as the trigger that bulk inserts skip copies it
    case when g % 5 = 0 then v.mileage end,
    -- and the search text its trigger keeps (migration 0033)
    lower(t.type || ' ' || v.license_plate || ' ' || v.make || ' ' || v.model)
  from generate_series(${from}::int, ${to}::int) g
  join bench_fleet_customers c on ${owner}
  join vehicles v on v.customer_id = c.id and v.vin = ${vin(sql`g`)}
  cross join lateral (select (array['Oil change','Brake inspection','Tyre rotation','Annual service'])[1 + g % 4] as type) t`,
);

// The last day's audit trail as the fleet app writes it: sign-ins and changes to the fleet tables. Written
// sealed with placeholder hashes and the chain's head moved past them, as bench/seed-audit.ts does, so the
// sealer has nothing to do during the measures.
const AUDIT_DAY = 20_000;
const auditStarted = performance.now();
const [{ base }] = (
  (await db.execute(sql`select coalesce(max(chain_seq), 0)::bigint as base from audit_logs`)) as unknown as {
    rows: { base: number }[];
  }
).rows;
await bulk(
  db,
  sql`
  insert into audit_logs (actor_type, actor_id, actor_email, account_id, action, category, resource_type,
    resource_id, new_values, success, chain_seq, hash, created_at)
  select 'customer', c.id::text, c.email, c.id, 'login', 'login', 'authentication', c.id::text,
    case when g % 10 = 0 then '{"via":"fleet-crm"}'::jsonb else '{}'::jsonb end, true,
    ${Number(base)} + g, 'bench-placeholder', now() - make_interval(secs => g * 86400.0 / ${AUDIT_DAY})
  from generate_series(1, ${AUDIT_DAY}) g
  join bench_fleet_customers c on ${owner}`,
);
await bulk(
  db,
  sql`
  insert into audit_logs (actor_type, actor_id, actor_email, account_id, action, category, resource_type,
    resource_id, new_values, success, chain_seq, hash, created_at)
  select 'customer', c.id::text, c.email, c.id, 'update', 'update',
    (array['vehicle','driver','maintenance','team_member'])[1 + g % 4], 'bench-' || g,
    '{"status":"active"}'::jsonb, true, ${Number(base) + AUDIT_DAY} + g, 'bench-placeholder',
    now() - make_interval(secs => g * 86400.0 / ${AUDIT_DAY} + 7)
  from generate_series(1, ${AUDIT_DAY}) g
  join bench_fleet_customers c on ${owner}`,
);
await db.execute(
  sql`update audit_chain set head_seq = ${Number(base) + 2 * AUDIT_DAY}, head_hash = 'bench-placeholder' where id = 1`,
);
timings.auditDayMs = Math.round(performance.now() - auditStarted);

await db.execute(sql`drop table bench_fleet_customers`);
// The kept fleet figures, the Fleet Control Center's (migration 0027) and each account's (0031), and the
// audit trail's hours (0037), which the skipped triggers would have moved.
const totalsStarted = performance.now();
await db.execute(
  sql`select fleet_totals_recompute(), fleet_account_figures_recompute(), audit_hour_counts_recompute()`,
);
timings.fleetTotalsMs = Math.round(performance.now() - totalsStarted);
const analyzeStarted = performance.now();
await db.execute(
  sql`vacuum analyze vehicles, drivers, maintenance_records, fleet_counters, fleet_vehicle_days,
    fleet_account_vehicles, fleet_maintenance_due, fleet_account_counters, fleet_account_due, audit_logs,
    audit_hour_counts`,
);
timings.analyzeMs = Math.round(performance.now() - analyzeStarted);
await database.close();
console.log(JSON.stringify({ rows: ROWS, ...timings }));
