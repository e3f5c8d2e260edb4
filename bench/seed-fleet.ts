// Seeds the bench's large fleet (npm run bench runs it with tsx while the app is stopped): one
// customer with no vehicle limit and 5,000 vehicles in mixed makes and states, 2,500 drivers and
// 10,000 maintenance records.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/server/auth/passwords';
import { openSeedDatabase } from './seed-kit';

const BENCH_FLEET = { email: 'bench-fleet@motorpool.local', password: 'Bench#Fleet2026' };
const count = Number(process.env.BENCH_VEHICLES ?? 5_000);

const database = await openSeedDatabase();
const passwordHash = await hashPassword(BENCH_FLEET.password);
await database.db.transaction(async (tx) => {
  await tx.execute(sql`
    insert into customers (email, password_hash, first_name, last_name, company_name, plan_id, status, car_limit, user_limit)
    values (${BENCH_FLEET.email}, ${passwordHash}, 'Bench', 'Fleet', 'Bench Fleet Inc', 'enterprise', 'active', null, null)
    on conflict do nothing`);
  await tx.execute(sql`
    insert into vehicles (customer_id, make, model, year, vin, license_plate, status, mileage, fuel_level, location)
    select c.id,
      (array['Ford','Volvo','Mercedes-Benz','Ram','Isuzu','Toyota','Chevrolet','Hino'])[1 + g % 8],
      (array['Transit','FH16','Sprinter','ProMaster','NPR','Tacoma','Express','268A'])[1 + g % 8],
      2010 + g % 15,
      'BENCH' || lpad(g::text, 12, '0'),
      'BF-' || g,
      (array['active','active','active','maintenance','inactive','retired'])[1 + g % 6],
      (g * 37) % 300000,
      g % 101,
      'Depot ' || (g % 40)
    from customers c, generate_series(1, ${count}) g
    where c.email = ${BENCH_FLEET.email}
    on conflict do nothing`);
  // Its drivers (one for every two vehicles) and maintenance (two records a vehicle, one in five open).
  await tx.execute(sql`
    insert into drivers (customer_id, name, email, license_number, status)
    select c.id, 'Bench Driver ' || g, 'bench-driver-' || g || '@motorpool.local', 'BD' || lpad(g::text, 8, '0'),
      (array['active','active','inactive','on_leave'])[1 + g % 4]
    from customers c, generate_series(1, ${count / 2}) g
    where c.email = ${BENCH_FLEET.email} and not exists (select 1 from drivers d where d.customer_id = c.id)`);
  await tx.execute(sql`
    insert into maintenance_records (customer_id, vehicle_id, type, due_date, cost_cents, completed_date)
    select v.customer_id, v.id, (array['Oil change','Brake inspection','Tyre rotation','Annual service'])[1 + (2 * v.r + k) % 4],
      current_date + ((2 * v.r + k) * 37) % 121 - 60, 8000 + k * 1500,
      case when (2 * v.r + k) % 5 <> 0 then current_date - ((2 * v.r + k) % 365) end
    from (select v.id, v.customer_id, row_number() over (order by v.vin)::int as r
          from customers c join vehicles v on v.customer_id = c.id where c.email = ${BENCH_FLEET.email}) v,
      generate_series(0, 1) k
    where not exists (select 1 from maintenance_records m where m.customer_id = v.customer_id)`);
});
// What autovacuum would do on PostgreSQL after a bulk load, and the upkeep job does on the embedded
// database within its first minute: the loads then measure the plans a running install has, whichever
// measure runs first.
await database.db.execute(sql`vacuum analyze vehicles, drivers, maintenance_records`);
await database.close();
console.log(JSON.stringify({ vehicles: count }));
