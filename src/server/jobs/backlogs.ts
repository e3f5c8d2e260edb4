import { and, eq, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { BACKLOG_CAP } from '../../shared/contracts/system-health';
import { countUpTo } from '../db/bounded-count';
import type { Db } from '../db/client';
import { auditLogs, customers, emailOutbox, refunds, subscriptions } from '../db/schema';

/**
 * What a job still has to do, for System Health (jobs/registry.ts names each job's). System Health
 * reads them on every refresh, so each is read from an index and counted no further than
 * BACKLOG_CAP + 1 rows (the screen's "10,000+"): never the whole table.
 */
export type BacklogCount = (db: Db, now: Date) => Promise<number>;

async function boundedCount(db: Db, table: PgTable, where: SQL) {
  const { total, capped } = await countUpTo(db, table, where, BACKLOG_CAP);
  return capped ? BACKLOG_CAP + 1 : total;
}

/** Subscriptions due for renewal (`subscriptions_due_idx`). */
export const subscriptionsDue: BacklogCount = (db, now) =>
  boundedCount(
    db,
    subscriptions,
    and(isNotNull(subscriptions.nextActionAt), lte(subscriptions.nextActionAt, now))!,
  );

/** Refunds held pending (`refunds_pending_idx`). */
export const refundsPending: BacklogCount = (db) => boundedCount(db, refunds, eq(refunds.status, 'pending'));

/** Accounts whose health is more than a day old, or was never computed (`customers_health_checked_idx`). */
export const accountsToRecompute: BacklogCount = (db) =>
  boundedCount(
    db,
    customers,
    or(isNull(customers.healthCheckedAt), sql`${customers.healthCheckedAt} < now() - interval '1 day'`)!,
  );

/** Audit rows not yet sealed into the chain (`audit_logs_unsealed_idx`). */
export const unsealedAuditRows: BacklogCount = (db) =>
  boundedCount(db, auditLogs, isNull(auditLogs.chainSeq));

/** Outbox messages queued and due to be sent (`email_outbox_due_idx`). */
export const emailsDue: BacklogCount = (db, now) =>
  boundedCount(db, emailOutbox, and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, now))!);
