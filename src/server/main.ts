import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { serializeError } from './http/log-redaction';

const signIn = (who: string, email: string, where: string) =>
  `    ${who.padEnd(15)} ${email.padEnd(24)} ${where}`;

const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  // performance.now() counts from the process start: the first mark is Node's boot and, under
  // `npm start`, its launcher's build check (scripts/start.mjs imports this file when it is done).
  const atMain = performance.now();
  const config = loadConfig();
  // Open the database first and load the rest of the server meanwhile: the embedded database
  // compiles its WebAssembly in the background for about as long as Fastify, the routes and their
  // schemas take to load, so doing both at once keeps a restart under a second.
  const opening = openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  opening.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  const [
    { buildApp },
    { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_STAFF, demoHistorySeeded, seedDemoData },
    { recordJobRunsWith },
    { startJobs },
  ] = await Promise.all([
    import('./app'),
    import('./db/seed'),
    import('./jobs/periodic'),
    import('./jobs/start-jobs'),
  ]);
  const atModules = performance.now();
  const database = await opening;
  const atDatabase = performance.now();
  if (config.seedDemo) await seedDemoData(database.db, { sandboxCard: !config.stripe });
  // A year of billing history for the revenue analytics (docs/revenue.md), made by the sandbox's rules.
  // Its module (the billing rules it drives) loads only the one time it runs: every later start pays a
  // single marker read.
  if (config.seedDemo && !config.stripe && !(await demoHistorySeeded(database.db))) {
    const { seedDemoHistory } = await import('./db/seed-history');
    await seedDemoHistory(database.db, { appName: config.appName, customerEmail: DEMO_CUSTOMER_EMAIL });
  }
  const atSeed = performance.now();
  const app = await buildApp({ config, database, dev: process.argv.includes('--dev') });
  const atApp = performance.now();
  // Every periodic job's runs go to System Health's job_runs (docs/system-health.md).
  recordJobRunsWith(app.services.monitor.recordJobRun);
  // Every job of the registry (jobs/registry.ts) that is on; all first runs but billing's wait until after listen.
  const stopJobs = startJobs(app.services);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    stopJobs();
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const atListen = performance.now();
  const { connectMs, migrateMs } = database.openedIn;
  // Where a start's time goes (docs/performance.md): the database opens while the server code loads.
  const startedIn =
    `  Started in ${ms(atListen)}: Node and launcher ${ms(atMain)}, server code ${ms(atModules - atMain)} ` +
    `alongside the database (open ${ms(connectMs)}, migrations ${ms(migrateMs)}, ready after ` +
    `${ms(atDatabase - atMain)}), demo data check ${ms(atSeed - atDatabase)}, app ${ms(atApp - atSeed)}, ` +
    `listen ${ms(atListen - atApp)}`;
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  ${config.appName} is running at ${url}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Payments: ${config.stripe ? 'Stripe' : 'sandbox (offline test cards, e.g. 4242 4242 4242 4242)'}`,
    startedIn,
  ];
  if (config.seedDemo) {
    lines.push(
      `  Demo sign-ins (password ${DEMO_PASSWORD}, demo only):`,
      ...DEMO_STAFF.map((s) => signIn(`staff, ${s.role}`, s.email, `${url}/admin-login`)),
      signIn('customer', DEMO_CUSTOMER_EMAIL, `${url}/customer-login`),
    );
  } else {
    lines.push(
      '  No demo data. Create the first staff account: npm run create-admin -- --email you@example.com',
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // A failed query's message quotes its parameters (a password hash): print it redacted.
  console.error(serializeError(error).message);
  process.exit(1);
});
