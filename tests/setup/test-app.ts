// A fresh app on a fresh copy of the seeded template database, for one API test file.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Clock } from '../../src/server/clock';
import type { PaymentProvider } from '../../src/server/integrations/payments/provider';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { takeBusyConnectionStatements, watchBusyConnections } from './busy-connections';
import { withDatabase } from './global-setup';

export { DEMO_PASSWORD };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Payload = string | object;
/** Who sends a request: a staff cookie, or a customer from `signUp` (anything with a `cookie`). */
export type Session = string | { cookie: string };

/** A statement the app ran, with its parameters. */
export type Statement = { sql: string; params: unknown[] };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Signs in through the real endpoint and returns the cookie header to send. */
  staffCookie(email: string, password?: string): Promise<string>;
  customerSession(email: string, password?: string): Promise<{ cookie: string; token: string }>;
  /** The customer sign-in form's request, whatever it answers (a refusal is the test's to check). */
  customerLogin(email: string, password: string): Promise<LightMyRequestResponse>;
  /** Requests with a signed-in session's cookie, as the browser sends them. */
  get(session: Session, url: string): Promise<LightMyRequestResponse>;
  post(session: Session, url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  put(session: Session, url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  patch(session: Session, url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  delete(session: Session, url: string): Promise<LightMyRequestResponse>;
  /** The statements the database ran while `work` ran (to hold reads to their query budget). */
  queriesDuring(work: () => Promise<unknown>): Promise<string[]>;
  /** The same with each statement's parameters (to EXPLAIN what a request ran: query-plans.ts). */
  statementsDuring(work: () => Promise<unknown>): Promise<Statement[]>;
  /** Another instance of the app, with the same configuration, on the same database. */
  secondInstance(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
};

async function freshDatabase(
  onQuery: (sql: string, params: unknown[]) => void,
): Promise<{ database: Database; drop: () => Promise<void>; reopen: () => Promise<Database> }> {
  if (process.env.MP_TEST_DRIVER === 'pg') {
    watchBusyConnections();
    const url = process.env.TEST_DATABASE_URL!;
    const name = `mp_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 4, onQuery });
    return {
      database,
      // Another pool on the same database, as a second instance of the app would have.
      reopen: () => openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 4 }),
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
        const busy = takeBusyConnectionStatements();
        if (busy.length > 0)
          throw new Error(
            `statements sent to a PostgreSQL connection busy with another (run them one after another):\n  ${busy.join('\n  ')}`,
          );
      },
    };
  }
  const tarball = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({ dataDir: null, loadDataDir: tarball, onQuery });
  // The embedded database is one process's: a second app shares the same handle.
  return {
    database,
    drop: async () => undefined,
    reopen: async () => ({ ...database, close: async () => undefined }),
  };
}

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export type TestAppOptions = {
  clock?: Clock;
  paymentProvider?: PaymentProvider;
  /** Log (at LOG_LEVEL, default info) to this stream instead of not at all. */
  logStream?: NodeJS.WritableStream;
};

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  let recording: Statement[] | null = null;
  const { database, drop, reopen } = await freshDatabase((sql, params) => recording?.push({ sql, params }));
  const statementsDuring = async (work: () => Promise<unknown>) => {
    const seen: Statement[] = [];
    recording = seen;
    try {
      await work();
    } finally {
      recording = null;
    }
    return seen;
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
    CHECKOUT_RATE_LIMIT_PER_IP: '1000',
    BILLING_JOB_INTERVAL_SECONDS: '0',
    ...env,
  });
  const app = await buildApp({ config, database, clientDir: null, logger: !!options.logStream, ...options });
  await app.ready();
  const signIn = async (url: string, email: string, password: string) => {
    const res = await app.inject({ method: 'POST', url, payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body}`);
    return res;
  };
  const send = (method: Method, session: Session, url: string, payload?: Payload) => {
    const cookie = typeof session === 'string' ? session : session.cookie;
    return app.inject({ method, url, headers: { cookie }, payload });
  };
  return {
    app,
    database,
    get: (session, url) => send('GET', session, url),
    post: (session, url, payload) => send('POST', session, url, payload),
    put: (session, url, payload) => send('PUT', session, url, payload),
    patch: (session, url, payload) => send('PATCH', session, url, payload),
    delete: (session, url) => send('DELETE', session, url),
    staffCookie: async (email, password = DEMO_PASSWORD) =>
      cookieHeader(await signIn('/api/auth/admin-login', email, password)),
    customerLogin: (email, password) =>
      app.inject({ method: 'POST', url: '/api/auth/dealer-login', payload: { email, password } }),
    customerSession: async (email, password = DEMO_PASSWORD) => {
      const res = await signIn('/api/auth/dealer-login', email, password);
      return { cookie: cookieHeader(res), token: res.json<{ token: string }>().token };
    },
    secondInstance: async () => {
      const other = await reopen();
      const second = await buildApp({ config, database: other, clientDir: null, logger: false, ...options });
      await second.ready();
      return {
        app: second,
        close: async () => {
          await second.close();
          await other.close();
        },
      };
    },
    queriesDuring: async (work) => (await statementsDuring(work)).map((s) => s.sql),
    statementsDuring,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The seeded staff members a test file signs in as: `admin` is admin@motorpool.local, and so on. */
export type SeededStaff = 'admin' | 'manager' | 'sales';
export type OpenedTestApp<R extends SeededStaff> = { t: TestApp } & Record<R, string>;
type TestAppSetup<R extends SeededStaff> = TestAppOptions & {
  env?: Record<string, string>;
  staff?: readonly R[];
};

/**
 * The test file's app, opened before its tests and closed after them, with the seeded staff it names
 * signed in (together, in that order). `opened` hands the app and their cookies to the file's variables,
 * which its tests read once the hooks have run.
 */
export function useTestApp<R extends SeededStaff = never>(
  setup: TestAppSetup<R> | (() => TestAppSetup<R>),
  opened: (app: OpenedTestApp<R>) => void,
): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    // A function when the setup needs what an earlier hook started (a fake server's address).
    const { env, staff = [], ...options } = typeof setup === 'function' ? setup() : setup;
    const t = await createTestApp(env, options);
    app = t;
    const cookies = await Promise.all(staff.map((role) => t.staffCookie(`${role}@motorpool.local`)));
    opened({ t, ...Object.fromEntries(staff.map((role, i) => [role, cookies[i]])) } as OpenedTestApp<R>);
  });
  afterAll(() => app?.close());
}

let counter = 0;
/** A valid sign-up payload with a unique email. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Jordan',
    lastName: 'Driver',
    email: `jordan.${Date.now()}.${counter}@example.com`,
    phone: '+15551234567',
    companyName: 'Roadrunner Freight',
    address: '1 Main St',
    planId: 'starter',
    password: 'Str0ng#Pass',
    confirmPassword: 'Str0ng#Pass',
    ...overrides,
  };
}
