import { and, asc, count, desc, eq, isNull, like, sql, type SQL } from 'drizzle-orm';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import {
  CRM_JOB_KINDS,
  NEVER_SYNCED,
  type CrmEntityType,
  type CrmIntegration,
  type CrmIntegrationListQuery,
  type CrmPlatform,
  type CrmRecordListQuery,
  type CrmStatus,
} from '../../../shared/contracts/crm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { CountedTable, KeptUntilWritten } from '../../db/table-writes';
import { crmIntegrations, customers, staffUsers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { likePattern } from '../../lib/sql-like';
import { crmConfigOf } from './config';
import { crmReadiness } from './credentials';
import type { CrmDeps } from './sync';

/* The CRM screen's reads: the summary, the integration records, and our records with their sync state. */

const iso = (d: Date | null) => d?.toISOString() ?? null;

const syncStateColumns = {
  syncStatus: crmIntegrations.syncStatus,
  crmId: crmIntegrations.crmId,
  lastSyncAt: crmIntegrations.lastSyncAt,
  error: crmIntegrations.error,
};

function statusFilter(status: CrmRecordListQuery['status']): SQL | undefined {
  if (!status) return undefined;
  return status === NEVER_SYNCED ? isNull(crmIntegrations.id) : eq(crmIntegrations.syncStatus, status);
}

function orderOf(sort: CrmRecordListQuery['sort'], name: SQL, email: SQL, id: AnyPgColumn) {
  const descending = sort.startsWith('-');
  const direction = descending ? desc : asc;
  const field = sort.replace(/^-/, '');
  if (field === 'lastSyncAt') {
    // Records never synced come last in both directions.
    return [
      sql`${crmIntegrations.lastSyncAt} ${descending ? sql`desc` : sql`asc`} nulls last`,
      direction(id),
    ];
  }
  return [direction(field === 'email' ? email : name), direction(id)];
}

const joinOn = (entityType: CrmEntityType, crmType: CrmPlatform, id: AnyPgColumn) =>
  and(
    eq(crmIntegrations.entityType, entityType),
    eq(crmIntegrations.entityId, id),
    eq(crmIntegrations.crmType, crmType),
  );

/** What the customers tab's count reads: kept until one of them is written (db/table-writes.ts). */
export const CRM_CUSTOMER_COUNT_TABLES: readonly CountedTable[] = ['customers', 'crm_integrations'];

/**
 * The customers tab: every customer with its state in the CRM in use, paged, searched and sorted.
 * The page is an index range; the count passes over every matching customer (100,000 for the tab as
 * it opens), so with `keptCounts` it is kept per CRM and filter until customers or records change.
 */
export async function listCrmCustomers(
  db: Db,
  query: CrmRecordListQuery,
  { onlyId, keptCounts }: { onlyId?: string; keptCounts?: KeptUntilWritten<number> } = {},
) {
  const { crmType } = await crmConfigOf(db);
  const where = and(
    onlyId ? eq(customers.id, onlyId) : undefined,
    query.search ? like(customers.searchText, likePattern(query.search)) : undefined,
    statusFilter(query.status),
  );
  const join = joinOn('customer', crmType, customers.id);
  const countMatches = async () => {
    const [row] = await db
      .select({ n: count() })
      .from(customers)
      .leftJoin(crmIntegrations, join)
      .where(where);
    return row?.n ?? 0;
  };
  const filters = JSON.stringify({ crmType, search: query.search ?? null, status: query.status ?? null });
  const [rows, total] = await Promise.all([
    db
      .select({
        id: customers.id,
        companyName: customers.companyName,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        ...syncStateColumns,
      })
      .from(customers)
      .leftJoin(crmIntegrations, join)
      .where(where)
      .orderBy(
        ...orderOf(
          query.sort,
          sql`lower(${customers.companyName})`,
          sql`lower(${customers.email})`,
          customers.id,
        ),
      )
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    keptCounts && !onlyId ? keptCounts(filters, countMatches) : countMatches(),
  ]);
  return toPage(
    query,
    rows.map((r) => ({
      id: r.id,
      companyName: r.companyName,
      contactName: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      syncStatus: r.syncStatus,
      crmId: r.crmId,
      lastSyncAt: iso(r.lastSyncAt),
      error: r.error,
    })),
    total,
  );
}

/** The users tab: every team user with its state in the CRM in use. */
export async function listCrmUsers(db: Db, query: CrmRecordListQuery, onlyId?: string) {
  const { crmType } = await crmConfigOf(db);
  const where = and(
    onlyId ? eq(staffUsers.id, onlyId) : undefined,
    query.search ? like(staffUsers.searchText, likePattern(query.search)) : undefined,
    statusFilter(query.status),
  );
  const join = joinOn('user', crmType, staffUsers.id);
  const name = sql`lower(coalesce(${staffUsers.firstName}, '') || ' ' || coalesce(${staffUsers.lastName}, ''))`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: staffUsers.id,
        firstName: staffUsers.firstName,
        lastName: staffUsers.lastName,
        email: staffUsers.email,
        role: staffUsers.role,
        ...syncStateColumns,
      })
      .from(staffUsers)
      .leftJoin(crmIntegrations, join)
      .where(where)
      .orderBy(...orderOf(query.sort, name, sql`lower(${staffUsers.email})`, staffUsers.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(staffUsers).leftJoin(crmIntegrations, join).where(where),
  ]);
  return toPage(
    query,
    rows.map((r) => ({
      id: r.id,
      name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email,
      email: r.email,
      role: r.role,
      syncStatus: r.syncStatus,
      crmId: r.crmId,
      lastSyncAt: iso(r.lastSyncAt),
      error: r.error,
    })),
    total?.n ?? 0,
  );
}

const ONE: CrmRecordListQuery = { page: 1, pageSize: 1, sort: 'name' };

/** One customer's row as the customers tab shows it (the answer of its Sync button). */
export async function crmCustomerRowOf(db: Db, id: string) {
  const [row] = (await listCrmCustomers(db, ONE, { onlyId: id })).items;
  if (!row) throw notFound('Customer not found');
  return row;
}

/** One team user's row as the users tab shows it. */
export async function crmUserRowOf(db: Db, id: string) {
  const [row] = (await listCrmUsers(db, ONE, id)).items;
  if (!row) throw notFound('User not found');
  return row;
}

export const toCrmIntegration = (row: typeof crmIntegrations.$inferSelect): CrmIntegration => ({
  id: row.id,
  entityType: row.entityType as CrmIntegration['entityType'],
  entityId: row.entityId,
  crmType: row.crmType,
  crmId: row.crmId,
  syncStatus: row.syncStatus,
  lastSyncAt: iso(row.lastSyncAt),
  lastAttemptAt: iso(row.lastAttemptAt),
  error: row.error,
});

/** `GET /api/admin/crm/integrations`: the integration records, newest change first. */
export async function listIntegrations(db: Db, query: CrmIntegrationListQuery) {
  const where = and(
    query.entityType ? eq(crmIntegrations.entityType, query.entityType) : undefined,
    query.status ? eq(crmIntegrations.syncStatus, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(crmIntegrations)
      .where(where)
      .orderBy(desc(crmIntegrations.updatedAt), asc(crmIntegrations.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(crmIntegrations).where(where),
  ]);
  return toPage(query, rows.map(toCrmIntegration), total?.n ?? 0);
}

/** Records of customers and team users that still exist (a removed one's record stays behind, uncounted). */
const stillThere = sql`(
  (${crmIntegrations.entityType} = 'customer' and exists (select 1 from ${customers} where ${customers.id} = ${crmIntegrations.entityId}))
  or (${crmIntegrations.entityType} = 'user' and exists (select 1 from ${staffUsers} where ${staffUsers.id} = ${crmIntegrations.entityId}))
)`;

/** The screen's head: configuration, whether a sync can run, the summary cards and the newest jobs. */
export async function crmStatusOf(deps: CrmDeps): Promise<CrmStatus> {
  const config = await crmConfigOf(deps.db);
  const [ready, [counts], customersJob, usersJob, autoJob] = await Promise.all([
    crmReadiness(deps, config),
    deps.db
      .select({
        total: count(),
        successful: sql<number>`count(*) filter (where ${crmIntegrations.syncStatus} = 'success')`.mapWith(
          Number,
        ),
        failed: sql<number>`count(*) filter (where ${crmIntegrations.syncStatus} = 'failed')`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${crmIntegrations.syncStatus} = 'pending')`.mapWith(
          Number,
        ),
      })
      .from(crmIntegrations)
      .where(and(eq(crmIntegrations.crmType, config.crmType), stillThere)),
    deps.jobs.latest(CRM_JOB_KINDS.customers),
    deps.jobs.latest(CRM_JOB_KINDS.users),
    deps.jobs.latest(CRM_JOB_KINDS.auto),
  ]);
  return {
    config,
    blocked: ready.ok ? null : ready.message,
    summary: {
      crmType: config.crmType,
      totalSyncs: counts?.total ?? 0,
      successful: counts?.successful ?? 0,
      failed: counts?.failed ?? 0,
      pending: counts?.pending ?? 0,
    },
    jobs: { customers: customersJob, users: usersJob, auto: autoJob },
  };
}
