// Seeds the bench's large fleet (npm run bench runs it with tsx while the app is stopped): one
// customer with no vehicle limit and 5,000 vehicles in mixed makes and states.
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
});
await database.close();
console.log(JSON.stringify({ vehicles: count }));
