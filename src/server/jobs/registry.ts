import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { crmDepsOf } from '../modules/crm';
import { auditRetentionRun } from './audit-retention';
import { AUDIT_SEAL_INTERVAL_MS, auditSealRun } from './audit-seal';
import {
  accountsToRecompute,
  emailsDue,
  refundsPending,
  subscriptionsDue,
  unsealedAuditRows,
  type BacklogCount,
} from './backlogs';
import { billingRenewalsRun } from './billing-runner';
import { crmAutoSyncRun } from './crm-auto-sync';
import { databaseUpkeepRun } from './database-upkeep';
import { emailAutomationRun } from './email-automation';
import { emailDeliveryRun } from './email-delivery';
import { healthSweepRun } from './health-sweep';
import { refundRecoveryRun } from './refund-recovery';
import { revenueSnapshotRun } from './revenue-snapshot';
import { sessionCleanupRun } from './session-cleanup';

/**
 * One periodic job, declared once: start-up and shutdown (start-jobs.ts, from main.ts) and System
 * Health's job list read this, so a job added here is started, stopped and shown.
 */
export type PeriodicJob = {
  /**
   * Its name in `job_runs`, the logs and the `job:<name>` alert. Never rename one: its run history and
   * alerts are kept under the name.
   */
  name: string;
  /** What System Health's Services tab calls it. */
  label: string;
  /** How often it runs; 0 (a configuration variable set so) means it is not started at all. */
  intervalMs: (config: Config) => number;
  /**
   * How long after start its first run waits. Work that can be large waits until after listen, so a
   * start still answers within its second.
   */
  firstRunMs: number;
  /** Builds the run, once at start (a run may keep state between runs: the snapshot's last day). */
  run: (services: Services) => () => Promise<void>;
  /** What it still has to do, shown beside it in System Health as "<count> <label>". */
  backlog?: { label: string; count: BacklogCount };
  /** Only on this database: neither started nor listed in System Health on the other. */
  driver?: Database['driver'];
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The registry's jobs that exist on this database (`driver`). */
export const jobsOn = (driver: Database['driver'], jobs: readonly PeriodicJob[] = PERIODIC_JOBS) =>
  jobs.filter((job) => !job.driver || job.driver === driver);

/**
 * Every periodic job, in the order they start (and stop) and System Health lists them. An interval
 * without a configuration variable is fixed here. Tests build the app without main.ts, so no job runs
 * in them; the variables' test defaults (config.ts) turn email and the CRM check off as well.
 */
export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  {
    name: 'sessions: cleanup',
    label: 'Ended sessions cleanup',
    intervalMs: () => HOUR,
    firstRunMs: MINUTE,
    run: ({ db }) => sessionCleanupRun(db),
  },
  {
    // The only job whose first run is at once: renewals that fell due while no instance ran are charged
    // without waiting an interval. BILLING_JOB_INTERVAL_SECONDS=0 keeps it off on this instance.
    name: 'billing: renewals',
    label: 'Billing renewals',
    intervalMs: (config) => config.billingJobIntervalMs,
    firstRunMs: 0,
    run: ({ billing, log }) => billingRenewalsRun(billing, log),
    backlog: { label: 'subscriptions due', count: subscriptionsDue },
  },
  {
    // Its first run may fill every account's health after an upgrade: never before listen.
    name: 'customer health: sweep',
    label: 'Customer health sweep',
    intervalMs: () => MINUTE,
    firstRunMs: 10_000,
    run: ({ db, log }) => healthSweepRun(db, log),
    backlog: { label: 'accounts to recompute', count: accountsToRecompute },
  },
  {
    name: 'revenue: daily snapshot',
    label: 'Daily revenue snapshot',
    intervalMs: () => HOUR,
    firstRunMs: 15_000,
    run: ({ db, clock }) => revenueSnapshotRun(db, clock),
  },
  {
    name: 'refunds: recovery',
    label: 'Refund recovery',
    intervalMs: () => MINUTE,
    firstRunMs: 15_000,
    run: ({ billing, log }) => refundRecoveryRun(billing, log),
    backlog: { label: 'refunds pending', count: refundsPending },
  },
  {
    name: 'audit: seal',
    label: 'Audit chain sealing',
    intervalMs: () => AUDIT_SEAL_INTERVAL_MS,
    firstRunMs: 2_000,
    run: ({ db }) => auditSealRun(db),
    backlog: { label: 'unsealed audit rows', count: unsealedAuditRows },
  },
  {
    name: 'audit: retention',
    label: 'Audit retention',
    intervalMs: () => 6 * HOUR,
    firstRunMs: MINUTE,
    run: ({ db, config, log }) => auditRetentionRun(db, config, log),
  },
  {
    name: 'email: deliver',
    label: 'Email delivery',
    intervalMs: (config) => config.emailDeliveryMs,
    firstRunMs: 2_000,
    run: ({ emailDelivery, log }) => emailDeliveryRun(emailDelivery, log),
    backlog: { label: 'emails due', count: emailsDue },
  },
  {
    name: 'email: automation',
    label: 'Email automation rules',
    intervalMs: (config) => config.emailAutomationMs,
    firstRunMs: 20_000,
    run: ({ db, email, config, clock, log }) =>
      emailAutomationRun(
        { db, queue: email, appName: config.appName, publicUrl: config.publicUrl },
        clock,
        log,
      ),
  },
  {
    name: 'crm: auto-sync',
    label: 'CRM auto-sync check',
    intervalMs: (config) => config.crmAutoSyncCheckMs,
    firstRunMs: 10_000,
    run: (services) => crmAutoSyncRun(crmDepsOf(services)),
  },
  {
    // The embedded database has no autovacuum (db/table-upkeep.ts); PostgreSQL runs its own.
    name: 'database: upkeep',
    label: 'Database upkeep (ANALYZE, VACUUM)',
    intervalMs: () => MINUTE,
    firstRunMs: 5_000,
    run: ({ db, log }) => databaseUpkeepRun(db, log),
    driver: 'pglite',
  },
];
