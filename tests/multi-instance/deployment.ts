// A whole deployment for the multi-instance test: a fresh PostgreSQL database, the fakes of Stripe,
// SMTP and the external database in this process, two server processes from source with the shared
// secrets, and HAProxy in front. `close` takes every piece down again, whatever got started.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startExternalDb, type ExternalDbFake } from '../fakes/external-db-server';
import { startMailCatcher, type MailCatcher } from '../fakes/smtp-server';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../fakes/stripe-server';
import {
  answersHealth,
  freePort,
  haproxyBinary,
  send,
  startBalancer,
  startInstance,
  type Balancer,
  type Instance,
  type Reply,
  type SendOptions,
} from './cluster';
import { waitUntil } from '../setup/processes';

export type Api = {
  /** How many requests were sent through the balancer so far. */
  sent(): number;
  get(url: string, options?: SendOptions): Promise<Reply>;
  post(url: string, body: unknown, options?: SendOptions): Promise<Reply>;
};

export type Deployment = {
  database: string;
  /** The balancer's address (PUBLIC_URL). */
  publicUrl: string;
  /** Requests through the balancer. */
  api: Api;
  instances: Instance[];
  balancer: Balancer;
  /** A query on the deployment's database, answering its rows. */
  rows<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  stripe: FakeStripe;
  mail: MailCatcher;
  externalDb: ExternalDbFake;
  close(): Promise<void>;
};

export type DeploymentOptions = {
  /** PostgreSQL to create the database on (trust auth), e.g. TEST_DATABASE_URL. */
  serverUrl: string;
  /** The path HAProxy checks each instance on. */
  healthPath: string;
  /** Environment both instances get on top of the shared one (limits, intervals). */
  env: Record<string, string>;
  /** How long the instances may take to start (migrations and demo data on a busy machine). */
  startTimeoutMs: number;
};

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const binary = haproxyBinary();
  if (!binary) {
    throw new Error(
      'HAProxy is not installed: `sudo apt-get install -y --no-install-recommends haproxy` (npm test does it), or set HAPROXY',
    );
  }
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const admin = new pg.Client({ connectionString: options.serverUrl });
    await admin.connect();
    cleanups.push(() => admin.end());
    const database = `mp_multi_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${database}`);
    cleanups.push(() => admin.query(`drop database if exists ${database} with (force)`));
    const pool = new pg.Pool({ connectionString: databaseUrl(options.serverUrl, database), max: 3 });
    pool.on('error', () => undefined); // the drop at the end ends its idle connections
    cleanups.push(() => pool.end());

    const [stripe, mail, externalDb] = await Promise.all([
      startFakeStripe(),
      startMailCatcher(),
      startExternalDb(),
    ]);
    cleanups.push(
      () => stripe.close(),
      () => mail.close(),
      () => externalDb.close(),
    );

    const [port, statsPort, portA, portB] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    // What every instance must share: the database, the secrets, the integrations' settings.
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl(options.serverUrl, database),
      APP_SECRET: randomBytes(32).toString('hex'),
      SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      ...stripeEnv(stripe),
      SMTP_URL: mail.url,
      EXTERNAL_DB_URL: externalDb.url,
      EXTERNAL_DB_API_KEY: externalDb.apiKey,
      ...options.env,
    };
    // Both at once, on the empty database: the migrations and the demo data race as on a real rollout.
    const instances = [startInstance('a', portA, env), startInstance('b', portB, env)];
    cleanups.push(...instances.map((i) => () => i.stop()));
    for (const instance of instances) {
      await waitUntil(
        `instance ${instance.name} to answer ${options.healthPath}`,
        async () => {
          const code = instance.exitedCode();
          if (code !== undefined)
            throw new Error(`instance ${instance.name} exited (${code}):\n${instance.tail()}`);
          return answersHealth(instance.port, options.healthPath);
        },
        options.startTimeoutMs,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n--- instance ${instance.name} ---\n${instance.tail()}`);
      });
    }

    const balancer = startBalancer(binary, {
      port,
      statsPort,
      healthPath: options.healthPath,
      servers: instances.map((i) => ({ name: i.name, port: i.port })),
    });
    cleanups.push(() => balancer.stop());
    await waitUntil('HAProxy to see both instances up', async () => {
      const states = await balancer.states().catch(() => ({}) as Record<string, string>);
      return instances.every((i) => states[i.name] === 'UP');
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n--- haproxy ---\n${balancer.tail()}`);
    });

    let sent = 0;
    const through = (method: string, url: string, o: SendOptions) => {
      sent += 1;
      return send(port, method, url, o);
    };
    return {
      database,
      publicUrl: env.PUBLIC_URL,
      api: {
        sent: () => sent,
        get: (url, o = {}) => through('GET', url, o),
        post: (url, body, o = {}) => through('POST', url, { ...o, body }),
      },
      instances,
      balancer,
      rows: async (text, values) => (await pool.query(text, values)).rows,
      stripe,
      mail,
      externalDb,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
