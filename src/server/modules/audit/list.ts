import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_CATEGORIES, type AuditCategory } from '../../../shared/audit-categories';
import {
  AUDIT_COUNT_CAP,
  USER_AGENT_LIST_CHARS,
  type AuditExportQuery,
  type AuditListQuery,
  type AuditLogEntry,
  type AuditLogPage,
  type AuditSort,
} from '../../../shared/contracts/audit';
import { pageOffset } from '../../../shared/contracts/common';
import type { Db, Executor } from '../../db/client';
import { auditChain, auditLogs } from '../../db/schema';
import { countUpTo } from '../../db/bounded-count';
import { keysetSort, type SortKey } from '../../db/keyset-sort';
import { likePrefix } from '../../lib/sql-like';
import { isUuid } from '../../lib/uuid';

type Filters = Omit<AuditExportQuery, 'sort'>;

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/**
 * The list's filters (the export takes the same). Each has an index (migrations 0014 and 0015): action
 * category, resource, actor email, failures, time. The search matches an actor email by its start, a
 * resource id, an action word or (a UUID) the account exactly: each an index lookup, never a scan of
 * every row's text.
 */
export function auditFilter(query: Filters): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (query.category) c.push(eq(auditLogs.category, query.category));
  if (query.resource) c.push(eq(auditLogs.resourceType, query.resource));
  if (query.actorType) c.push(eq(auditLogs.actorType, query.actorType));
  if (query.actor) c.push(eq(auditLogs.actorEmail, query.actor));
  if (query.success) c.push(eq(auditLogs.success, query.success === 'true'));
  if (query.from) c.push(gte(auditLogs.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) c.push(lt(auditLogs.createdAt, nextDay(query.to)));
  if (query.search) {
    const term = query.search;
    const prefix = likePrefix(term);
    c.push(
      or(
        sql`${auditLogs.actorEmail} like ${prefix}`,
        eq(auditLogs.resourceId, term),
        eq(auditLogs.action, term.toLowerCase()),
        // A customer's id also finds every row of its account (the rows its own people wrote).
        isUuid(term) ? eq(auditLogs.accountId, term.toLowerCase()) : undefined,
      ),
    );
  }
  const present = c.filter((x): x is SQL => x !== undefined);
  return present.length ? and(...present) : undefined;
}

/** Each sort the audit log offers (docs/audit-logs.md). */
const SORT_KEYS = {
  createdAt: { key: sql`${auditLogs.createdAt}`, cast: 'timestamptz' },
  action: { key: sql`${auditLogs.action}`, cast: 'text' },
  actor: { key: sql`coalesce(${auditLogs.actorEmail}, '')`, cast: 'text' },
} satisfies Record<string, SortKey>;

export const auditSortOf = (sort: AuditSort) =>
  keysetSort(SORT_KEYS, sort, { column: auditLogs.id, cast: 'bigint' });

export type AuditRow = typeof auditLogs.$inferSelect;

const categoryOf = (c: string): AuditCategory =>
  (AUDIT_CATEGORIES as readonly string[]).includes(c) ? (c as AuditCategory) : 'update';

/** A row as the screen and the export show it (docs/audit-logs.md). */
export function toAuditEntry(
  row: AuditRow,
  agentChars: number | null = USER_AGENT_LIST_CHARS,
): AuditLogEntry {
  const agent = row.userAgent;
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    actorType: row.actorType,
    userId: row.actorId,
    userName: row.actorEmail,
    accountId: row.accountId,
    action: row.action,
    category: categoryOf(row.category),
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    oldValues: row.oldValues ?? null,
    newValues: row.newValues ?? null,
    ipAddress: row.ipAddress,
    userAgent:
      agent && agentChars !== null && agent.length > agentChars ? `${agent.slice(0, agentChars)}…` : agent,
    userAgentFull: agent,
    success: row.success,
    chainSeq: row.chainSeq,
  };
}

type Count = { total: number; capped: boolean };
type KeptCount = { maxId: number; floorSeq: number; count: Count; inFlightSnapshot: string | null };

/**
 * Counts kept per filter until the audit trail itself changes, read from two index lookups: the newest
 * row's id and the chain's floor. Rows are only ever added (the sealer fills chain columns no filter
 * reads) or removed from the start by retention, which moves the floor. So a count stands while both
 * stand, and a count that reached the cap stays at the cap while rows are only added. The database's
 * own snapshot (`db/snapshot-cache.ts`) would be dropped by every unrelated write, such as System
 * Health's report every few seconds, and the 10,001-row count redone.
 *
 * Ids are handed out at insert but seen at commit: a transaction that took a lower id than the newest
 * may still commit after the count. So a count read while any transaction was in flight is kept only
 * while the database's snapshot stays the same; one read with none in flight is kept on the stamp alone
 * (any later row takes a higher id than every id handed out before it).
 */
export type KeptAuditCounts = (filtersKey: string, read: () => Promise<Count>) => Promise<Count>;

export function keptAuditCounts(db: Db, maxEntries = 200): KeptAuditCounts {
  const kept = new Map<string, KeptCount>();
  return async (filtersKey, read) => {
    const stamped = (await db.execute(
      sql`select coalesce((select max(${auditLogs.id}) from ${auditLogs}), 0)::text as max_id,
                 coalesce((select ${auditChain.floorSeq} from ${auditChain} where ${auditChain.id} = 1), 0)::text as floor_seq,
                 pg_current_snapshot()::text as snapshot,
                 (select count(*) from pg_snapshot_xip(pg_current_snapshot()))::int as in_flight`,
    )) as unknown as { rows: { max_id: string; floor_seq: string; snapshot: string; in_flight: number }[] };
    const stamp = stamped.rows[0]!;
    const maxId = Number(stamp.max_id);
    const floorSeq = Number(stamp.floor_seq);
    const hit = kept.get(filtersKey);
    if (
      hit &&
      hit.floorSeq === floorSeq &&
      (hit.count.capped ||
        (hit.maxId === maxId && (hit.inFlightSnapshot === null || hit.inFlightSnapshot === stamp.snapshot)))
    ) {
      return hit.count;
    }
    const count = await read();
    kept.delete(filtersKey);
    kept.set(filtersKey, {
      maxId,
      floorSeq,
      count,
      inFlightSnapshot: Number(stamp.in_flight) > 0 ? stamp.snapshot : null,
    });
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
    return count;
  };
}

export async function listAuditLogs(
  db: Executor,
  query: AuditListQuery,
  kept?: KeptAuditCounts,
): Promise<AuditLogPage> {
  const where = auditFilter(query);
  const { page: _page, pageSize: _size, sort: _sort, ...filters } = query;
  // an exact count over a million matching rows reads them all: "10,000+" says as much
  const countMatches = () => countUpTo(db, auditLogs, where, AUDIT_COUNT_CAP);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(...auditSortOf(query.sort).order)
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const count = kept ? await kept(JSON.stringify(filters), countMatches) : await countMatches();
  return {
    items: rows.map((r) => toAuditEntry(r)),
    total: count.total,
    totalCapped: count.capped,
    page: query.page,
    pageSize: query.pageSize,
  };
}
