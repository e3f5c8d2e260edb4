// The billing job over many due subscriptions (npm run bench runs it with tsx): N active Starter
// subscriptions whose period ended a minute ago, each with the sandbox test card, renewed by
// runDueBilling on a fresh database. Prints one JSON line with the timings.
import { sql } from 'drizzle-orm';
import { systemClock } from '../src/server/clock';
import { openDatabase } from '../src/server/db/client';
import { seedDemoData } from '../src/server/db/seed';
import { SandboxPaymentProvider } from '../src/server/integrations/payments/sandbox';
import { runDueBilling } from '../src/server/jobs/billing-runner';
import { silentMailer } from '../src/server/modules/email-events';

const count = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: null });
const db = database.db;
await seedDemoData(db, { sandboxCard: true });

const periodEnd = new Date(Date.now() - 60_000);
const periodStart = new Date(periodEnd.getTime() - 30 * 86_400_000);
const seedStarted = performance.now();
await db.transaction(async (tx) => {
  await tx.execute(sql`
    insert into customers (email, password_hash, first_name, last_name, company_name, plan_id, status, provider_customer_ref)
    select 'bench' || g || '@example.com', 'not-a-hash', 'Bench', 'Customer', 'Bench Fleet ' || g, 'starter', 'active', 'cus_sbx_bench' || g
    from generate_series(1, ${count}) g`);
  await tx.execute(sql`
    insert into sandbox_payment_methods (id, customer_ref, brand, last4, exp_month, exp_year, behaviour)
    select 'pm_sbx_bench' || g, 'cus_sbx_bench' || g, 'visa', '4242', 12, 2035, 'succeeds' from generate_series(1, ${count}) g`);
  await tx.execute(sql`
    insert into payment_methods (customer_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default)
    select c.id, 'sandbox', 'pm_sbx_bench' || substr(c.provider_customer_ref, 14), 'visa', '4242', 12, 2035, true
    from customers c where c.provider_customer_ref like 'cus_sbx_bench%'`);
  await tx.execute(sql`
    insert into subscriptions (customer_id, plan_id, status, price_cents, current_period_start, current_period_end, next_action_at)
    select c.id, 'starter', 'active', 12000, ${periodStart.toISOString()}::timestamptz, ${periodEnd.toISOString()}::timestamptz, ${periodEnd.toISOString()}::timestamptz
    from customers c where c.provider_customer_ref like 'cus_sbx_bench%'`);
});
const seedMs = performance.now() - seedStarted;

const deps = {
  db,
  clock: systemClock,
  appName: 'Motorpool',
  provider: new SandboxPaymentProvider(db, systemClock),
  mail: silentMailer,
};
const started = performance.now();
const cpuBefore = process.cpuUsage();
const run = await runDueBilling(deps, { limit: count + 100 });
const ms = performance.now() - started;
// The process's own CPU time (the embedded database runs in it): steadier than the wall clock when
// other work shares the machine.
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
const charged = await db.execute(
  sql`select count(*)::int as n from payments where idempotency_key like 'renewal:%' and status = 'succeeded'`,
);
const renewals = Number((charged as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
await database.close();
console.log(
  JSON.stringify({
    subscriptions: count,
    renewals,
    outcomes: run.outcomes,
    totalMs: Math.round(ms),
    msPerRenewal: ms / Math.max(1, renewals),
    cpuMsPerRenewal: cpuMs / Math.max(1, renewals),
    seedMs: Math.round(seedMs),
  }),
);
