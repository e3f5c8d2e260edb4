// Seeds the Audit Logs bench (npm run bench runs it with tsx while the app is stopped): 1,000,000
// audit rows spread over the seven action categories, resources, 50 actors, outcomes and the last
// 300 days, set-based (generate_series) in chunks that keep the embedded database's memory flat. The
// rows are written sealed with placeholder hashes (chain_seq = their order) and the chain's head moved
// past them, so the sealer has nothing to do during the measures; /api/admin/audit/verify on this
// database reports the first placeholder as altered, which is what it should say. Prints one JSON line.
import { sql } from 'drizzle-orm';
import { openSeedDatabase } from './seed-kit';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const CHUNK = 100_000;

const database = await openSeedDatabase();
const { db } = database;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const started = performance.now();
const [{ base }] = rowsOf<{ base: number }>(
  await db.execute(sql`select coalesce(max(chain_seq), 0)::bigint as base from audit_logs`),
);
for (let from = 1; from <= ROWS; from += CHUNK) {
  const to = Math.min(ROWS, from + CHUNK - 1);
  await db.execute(sql`
    insert into audit_logs (actor_type, actor_id, actor_email, action, category, resource_type, resource_id,
      old_values, new_values, ip_address, user_agent, success, chain_seq, hash, created_at)
    select case when g % 5 = 0 then 'customer' else 'staff' end,
      'bench-actor-' || (g % 50),
      'bench-actor-' || (g % 50) || '@example.com',
      (array['login','logout','create','update','delete','export','view','update','update','plan_changed'])[1 + g % 10],
      (array['login','logout','create','update','delete','export','view','update','update','update'])[1 + g % 10],
      (array['customer','user','payment','settings','authentication','subscription','vehicle','plan'])[1 + (g / 10) % 8],
      'bench-resource-' || (g % 20000),
      case when g % 10 in (3, 7, 8, 9) then jsonb_build_object('planId', 'starter', 'status', 'active') end,
      jsonb_build_object('planId', (array['starter','professional','enterprise'])[1 + g % 3], 'n', g),
      '10.0.' || (g % 250) || '.' || (g % 200),
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      g % 20 <> 0,
      ${base} + g,
      'bench-placeholder',
      now() - ((${ROWS} - g) * (300 * 86400.0 / ${ROWS})) * interval '1 second'
    from generate_series(${from}::bigint, ${to}::bigint) g`);
}
await db.execute(
  sql`update audit_chain set head_seq = ${Number(base) + ROWS}, head_hash = 'bench-placeholder' where id = 1`,
);
const seedMs = Math.round(performance.now() - started);
const analyzeStarted = performance.now();
await db.execute(sql`analyze audit_logs`);
const analyzeMs = Math.round(performance.now() - analyzeStarted);
await database.close();
console.log(JSON.stringify({ rows: ROWS, seedMs, analyzeMs }));
