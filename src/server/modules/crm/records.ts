import { createHash } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CrmEntityType, CrmPlatform } from '../../../shared/contracts/crm';
import type { CrmAdapter, CrmCustomer, CrmOutcome, CrmUser } from '../../integrations/crm/adapter';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { crmIntegrations, customers, staffIdentity, staffUsers } from '../../db/schema';

/*
 * Our records as the CRM adapters take them, each with its integration record in the CRM in use (the
 * CRM's id, so a second sync updates; the hash of what was last sent, so auto-sync skips the unchanged).
 */

/** The integration record's part a sync reads. */
export type SyncState = {
  crmId: string | null;
  syncStatus: string | null;
  syncedHash: string | null;
};

export type SourceRow<R> = { record: R; state: SyncState };

/** How a batch is chosen: after an id (keyset), or one id; `changedOnly` for auto-sync. */
export type ReadOptions = { afterId?: string; id?: string; changedOnly?: boolean; limit: number };

/** One kind of record we send to a CRM: how to read it, send it, and name it in an error list. */
export type CrmEntitySource<R extends { id: string; email: string }> = {
  entityType: CrmEntityType;
  count(exec: Executor, crmType: CrmPlatform, changedOnly: boolean): Promise<number>;
  read(exec: Executor, crmType: CrmPlatform, options: ReadOptions): Promise<SourceRow<R>[]>;
  send(adapter: CrmAdapter, records: R[]): Promise<CrmOutcome[]>;
};

/** What was sent, as a hash: equal hashes mean the CRM already holds these values. */
export function payloadHash(crmType: CrmPlatform, record: CrmCustomer | CrmUser): string {
  const { crmId: _crmId, ...fields } = record;
  return createHash('sha256')
    .update(JSON.stringify([crmType, fields]))
    .digest('hex');
}

const integrationJoin = (entityType: CrmEntityType, crmType: CrmPlatform, id: AnyPgColumn) =>
  and(
    eq(crmIntegrations.entityType, entityType),
    eq(crmIntegrations.entityId, id),
    eq(crmIntegrations.crmType, crmType),
  );

/**
 * Auto-sync's candidates: never sent, not in sync (failed, pending), or changed since the last success.
 * `last_sync_at` is when the values sent were read, so an edit made while they were on their way is
 * newer. The margin also takes edits whose transaction stamped `updated_at` before that read but
 * committed after it (and a small clock skew between app and database); the hash check afterwards drops
 * the ones whose sent fields did not change, so the margin costs a re-read, never a send.
 */
const changedSince = (updatedAt: AnyPgColumn) =>
  or(
    isNull(crmIntegrations.id),
    ne(crmIntegrations.syncStatus, 'success'),
    isNull(crmIntegrations.lastSyncAt),
    gt(updatedAt, sql`${crmIntegrations.lastSyncAt} - interval '5 minutes'`),
  );

const stateColumns = {
  crmId: crmIntegrations.crmId,
  syncStatus: crmIntegrations.syncStatus,
  syncedHash: crmIntegrations.syncedHash,
};

function batchWhere(idColumn: AnyPgColumn, options: ReadOptions, changed: SQL | undefined) {
  return and(
    options.id ? eq(idColumn, options.id) : undefined,
    options.afterId ? gt(idColumn, options.afterId) : undefined,
    options.changedOnly ? changed : undefined,
  );
}

export const customerSource: CrmEntitySource<CrmCustomer> = {
  entityType: 'customer',
  async count(exec, crmType, changedOnly) {
    const [row] = await exec
      .select({ n: count() })
      .from(customers)
      .leftJoin(crmIntegrations, integrationJoin('customer', crmType, customers.id))
      .where(changedOnly ? changedSince(customers.updatedAt) : undefined);
    return row?.n ?? 0;
  },
  async read(exec, crmType, options) {
    const rows = await exec
      .select({
        id: customers.id,
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        companyName: customers.companyName,
        phone: customers.phone,
        planId: customers.planId,
        status: customers.status,
        country: customers.country,
        createdAt: customers.createdAt,
        ...stateColumns,
      })
      .from(customers)
      .leftJoin(crmIntegrations, integrationJoin('customer', crmType, customers.id))
      .where(batchWhere(customers.id, options, changedSince(customers.updatedAt)))
      .orderBy(asc(customers.id))
      .limit(options.limit);
    return rows.map(({ crmId, syncStatus, syncedHash, ...fields }) => ({
      record: { ...fields, crmId },
      state: { crmId, syncStatus, syncedHash },
    }));
  },
  send: (adapter, records) => adapter.upsertCustomers(records),
};

export const userSource: CrmEntitySource<CrmUser> = {
  entityType: 'user',
  async count(exec, crmType, changedOnly) {
    const [row] = await exec
      .select({ n: count() })
      .from(staffUsers)
      .leftJoin(crmIntegrations, integrationJoin('user', crmType, staffUsers.id))
      .where(changedOnly ? changedSince(staffUsers.updatedAt) : undefined);
    return row?.n ?? 0;
  },
  async read(exec, crmType, options) {
    const rows = await exec
      .select({
        ...staffIdentity,
        ...stateColumns,
      })
      .from(staffUsers)
      .leftJoin(crmIntegrations, integrationJoin('user', crmType, staffUsers.id))
      .where(batchWhere(staffUsers.id, options, changedSince(staffUsers.updatedAt)))
      .orderBy(asc(staffUsers.id))
      .limit(options.limit);
    return rows.map(({ crmId, syncStatus, syncedHash, ...fields }) => ({
      record: { ...fields, crmId },
      state: { crmId, syncStatus, syncedHash },
    }));
  },
  send: (adapter, records) => adapter.upsertUsers(records),
};

export const SOURCES = { customer: customerSource, user: userSource } as const;

/** One record's outcome as stored: the hash of what was sent rides along with a success. */
export type StoredOutcome = { outcome: CrmOutcome; hash: string };

/**
 * Writes each outcome on its integration record in one statement (upsert on the entity key). A success
 * stores the CRM's id, the hash and, as its sync time, when the records sent were read (`readAt`: an
 * edit made after that is newer than the sync, so auto-sync sends it); it clears the error. A failure
 * keeps the CRM's id, hash and last sync of the record's earlier success, and stores the provider's
 * message.
 */
export async function storeOutcomes(
  exec: Executor,
  crmType: CrmPlatform,
  entityType: CrmEntityType,
  outcomes: StoredOutcome[],
  { readAt, attemptedAt }: { readAt: Date; attemptedAt: Date },
): Promise<void> {
  if (outcomes.length === 0) return;
  await exec
    .insert(crmIntegrations)
    .values(
      outcomes.map(({ outcome, hash }) => ({
        entityType,
        entityId: outcome.id,
        crmType,
        crmId: outcome.ok ? outcome.crmId : null,
        syncStatus: outcome.ok ? ('success' as const) : ('failed' as const),
        error: outcome.ok ? null : outcome.message.slice(0, 2000),
        syncedHash: outcome.ok ? hash : null,
        lastSyncAt: outcome.ok ? readAt : null,
        lastAttemptAt: attemptedAt,
      })),
    )
    .onConflictDoUpdate({
      target: [crmIntegrations.entityType, crmIntegrations.entityId, crmIntegrations.crmType],
      set: {
        crmId: sql`coalesce(excluded.crm_id, ${crmIntegrations.crmId})`,
        syncStatus: sql`excluded.sync_status`,
        error: sql`excluded.error`,
        syncedHash: sql`coalesce(excluded.synced_hash, ${crmIntegrations.syncedHash})`,
        lastSyncAt: sql`coalesce(excluded.last_sync_at, ${crmIntegrations.lastSyncAt})`,
        lastAttemptAt: sql`excluded.last_attempt_at`,
        updatedAt: sql`now()`,
      },
    });
}
