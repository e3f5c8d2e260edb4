import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_STAFF, seedDemoData } from './db/seed';
import { buildApp } from './app';
import { startSessionCleanup } from './jobs/session-cleanup';
import { startBillingScheduler } from './jobs/billing-runner';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  if (config.seedDemo) await seedDemoData(database.db, { sandboxCard: !config.stripe });
  const app = await buildApp({ config, database, dev: process.argv.includes('--dev') });
  const stopCleanup = startSessionCleanup(database.db, app.log);
  const stopBilling =
    config.billingJobIntervalMs > 0
      ? startBillingScheduler(app.billing, app.log, config.billingJobIntervalMs)
      : () => {};

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    stopCleanup();
    stopBilling();
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  ${config.appName} is running at ${url}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Payments: ${config.stripe ? 'Stripe' : 'sandbox (offline test cards, e.g. 4242 4242 4242 4242)'}`,
  ];
  if (config.seedDemo) {
    lines.push(
      `  Demo sign-ins (password ${DEMO_PASSWORD}, demo only):`,
      ...DEMO_STAFF.map((s) => `    staff ${s.role.padEnd(8)} ${s.email}   -> ${url}/admin-login`),
      `    customer         ${DEMO_CUSTOMER_EMAIL}   -> ${url}/customer-login`,
    );
  } else {
    lines.push(
      '  No demo data. Create the first staff account: npm run create-admin -- --email you@example.com',
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
