import os from 'node:os';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Clock } from './clock';
import type { Database, Db } from './db/client';
import { secretBox, type SecretBox } from './auth/secret-box';
import type { PaymentProvider } from './integrations/payments/provider';
import { createEmailQueue, createEmailDelivery, type EmailDelivery, type EmailQueue } from './modules/email';
import type { Mailer } from './modules/email-events';
import { settingsKeyring, type SettingsKeyring } from './modules/system-settings';
import { createBackgroundJobs, type BackgroundJobs } from './modules/background-jobs';
import type { SystemHealthMonitor } from './modules/system-health';
import type { Metrics } from './modules/metrics';
import type { BillingDeps } from './modules/billing';

/**
 * Everything a module reaches outside itself, built once per app by `buildServices` and handed the
 * same way to every route plugin (`app.register(xRoutes, services)`), every periodic job and every
 * test (`t.app.services`). A module takes what it needs from it; nothing builds its own database
 * handle, mailer, key or payment provider.
 */
export type Services = {
  config: Config;
  database: Database;
  /** The database handle (`database.db`). */
  db: Db;
  /** Time for every rule; tests pass a controllable clock. */
  clock: Clock;
  /** The card processor the configuration names (or the one a test passes). */
  provider: PaymentProvider;
  /** The outbox writer every email goes through (docs/email.md). */
  email: EmailQueue;
  /** What a service queues its events' emails with: the outbox and the public address. */
  mail: Mailer;
  /** Delivers the outbox (the `email: deliver` job). */
  emailDelivery: EmailDelivery;
  /** Secrets sealed at rest and keys derived from APP_SECRET. */
  secrets: SecretBox;
  /** The key System Settings' stored credentials are sealed with. */
  keyring: SettingsKeyring;
  /** Background jobs with progress (docs/background-jobs.md): CRM syncs, external imports. */
  backgroundJobs: BackgroundJobs;
  /** What the billing rules and the billing job take: the same parts, named for billing. */
  billing: BillingDeps;
  /** This instance's System Health reporter: request counts, job runs (docs/system-health.md). */
  monitor: SystemHealthMonitor;
  /** This instance's Prometheus metrics, its own registry (`GET /metrics`; docs/system-health.md). */
  metrics: Metrics;
  log: FastifyBaseLogger;
};

export type ServiceOptions = {
  config: Config;
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  monitor: SystemHealthMonitor;
};

export async function buildServices(options: ServiceOptions): Promise<Services> {
  const { config, database, clock, provider, log } = options;
  const db = database.db;
  const secrets = secretBox(db, config.appSecret);
  const email = await createEmailQueue({
    db,
    appName: config.appName,
    publicUrl: config.publicUrl,
    appSecret: config.appSecret,
    box: secrets,
  });
  const mail: Mailer = { queue: email, publicUrl: config.publicUrl };
  const keyring = settingsKeyring(config, database.driver === 'pglite');
  return {
    config,
    database,
    db,
    clock,
    provider,
    email,
    mail,
    emailDelivery: createEmailDelivery({
      db,
      config,
      queue: email,
      keyring,
      instance: `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
      log,
    }),
    secrets,
    keyring,
    backgroundJobs: createBackgroundJobs({ db, log, instanceId: options.monitor.instanceId }),
    billing: { db, clock, appName: config.appName, provider, mail },
    monitor: options.monitor,
    metrics: options.monitor.metrics,
    log,
  };
}
