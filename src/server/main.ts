import { loadConfig, loadEnvFile, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { serializeError } from './http/log-redaction';
import { shutDown } from './http/shutdown';
import { listenWhileStarting } from './http/starting-gate';

const signIn = (who: string, email: string, where: string) =>
  `    ${who.padEnd(15)} ${email.padEnd(24)} ${where}`;

const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  // performance.now() counts from the process start: the first mark is Node's boot and, under
  // `npm start`, its launcher's build check (scripts/start.mjs imports this file when it is done).
  const atMain = performance.now();
  const envFileRead = loadEnvFile();
  const config = loadConfig();
  // Open the database first and load the rest of the server meanwhile: the embedded database
  // compiles its WebAssembly in the background for about as long as Fastify, the routes and their
  // schemas take to load, so doing both at once keeps a restart under a second.
  const opening = openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: config.dataDir },
  );
  opening.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  // Until the app listens, the port answers 503 (GET /api/ready says why); port 0 (any free port)
  // cannot be handed over, so it gets no gate.
  const gating = config.port === 0 ? null : listenWhileStarting(config.port, config.host);
  const [
    gate,
    { buildApp },
    { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_STAFF, demoHistorySeeded, seedDemoData },
    { recordJobRunsWith },
    { startJobs },
  ] = await Promise.all([
    gating,
    import('./app'),
    import('./db/seed'),
    import('./jobs/periodic'),
    import('./jobs/start-jobs'),
  ]);
  const atModules = performance.now();
  const database = await opening;
  const atDatabase = performance.now();
  if (gate) gate.phase = 'starting';
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

  // SIGTERM and SIGINT drain the server, its jobs and the database, within SHUTDOWN_TIMEOUT_MS.
  stopOnSignals((signal) =>
    shutDown(
      {
        app,
        stopJobs: () => stopJobs(),
        database,
        timeoutMs: config.shutdownTimeoutMs,
        exit: (code) => process.exit(code),
      },
      signal,
    ),
  );

  await gate?.close();
  await app.listen({ port: config.port, host: config.host });
  const at = { main: atMain, modules: atModules, database: atDatabase, seed: atSeed, app: atApp };
  const startedIn = startedInLine({ ...at, listen: performance.now() }, database.openedIn);
  const demo = config.seedDemo
    ? { password: DEMO_PASSWORD, staff: DEMO_STAFF, customerEmail: DEMO_CUSTOMER_EMAIL }
    : null;
  console.log(`${startupBanner(config, startedIn, demo, envFileRead).join('\n')}\n`);
}

type StartMarks = Record<'main' | 'modules' | 'database' | 'seed' | 'app' | 'listen', number>;

/** Where a start's time goes (docs/performance.md): the database opens while the server code loads. */
function startedInLine(at: StartMarks, { connectMs, migrateMs, recovered }: Database['openedIn']) {
  // A database the last run left open replays that run's WAL: its open is the slow part then.
  const recovery = recovered ? ', recovering: the last run did not close the database' : '';
  return (
    `  Started in ${ms(at.listen)}: Node and launcher ${ms(at.main)}, server code ${ms(at.modules - at.main)} ` +
    `alongside the database (open ${ms(connectMs)}${recovery}, migrations ${ms(migrateMs)}, ready after ` +
    `${ms(at.database - at.main)}), demo data check ${ms(at.seed - at.database)}, app ${ms(at.app - at.seed)}, ` +
    `listen ${ms(at.listen - at.app)}`
  );
}

/**
 * SIGTERM and SIGINT start one graceful shutdown (http/shutdown.ts), which exits; a repeated signal
 * changes nothing (`npm start` forwards the terminal's Ctrl+C, so one press can arrive twice).
 */
function stopOnSignals(stop: (signal: string) => Promise<void>) {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

/** What the console says once the server listens: where, on what, how fast, and how to sign in. */
function startupBanner(
  config: Config,
  startedIn: string,
  demo: { password: string; staff: readonly { role: string; email: string }[]; customerEmail: string } | null,
  envFileRead: boolean,
): string[] {
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  ${config.appName} is running at ${url}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Payments: ${config.stripe ? 'Stripe' : 'sandbox (offline test cards, e.g. 4242 4242 4242 4242)'}`,
    ...(envFileRead ? ['  Settings: the environment, then .env for what it leaves unset'] : []),
    startedIn,
  ];
  if (demo) {
    lines.push(
      `  Demo sign-ins (password ${demo.password}, demo only):`,
      ...demo.staff.map((s) => signIn(`staff, ${s.role}`, s.email, `${url}/admin-login`)),
      signIn('customer', demo.customerEmail, `${url}/customer-login`),
    );
  } else {
    lines.push(
      '  No demo data. Create the first staff account: npm run create-admin -- --email you@example.com',
    );
  }
  return lines;
}

main().catch((error: unknown) => {
  // A failed query's message quotes its parameters (a password hash): print it redacted.
  console.error(serializeError(error).message);
  process.exit(1);
});
