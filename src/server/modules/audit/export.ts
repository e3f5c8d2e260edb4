import type { AuditExportQuery, AuditLogEntry } from '../../../shared/contracts/audit';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';
import { keysetCsv, type CsvColumn } from '../../lib/csv';
import { auditFilter, auditSortOf, toAuditEntry } from './list';

/** Rows read per query: a batch's memory stays small however many rows match. */
export const EXPORT_BATCH = 1000;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

const COLUMNS: CsvColumn<AuditLogEntry>[] = [
  ['ID', (e) => e.id],
  ['Timestamp', (e) => e.timestamp],
  ['Actor Type', (e) => e.actorType],
  ['User ID', (e) => e.userId],
  ['User', (e) => e.userName],
  ['Account ID', (e) => e.accountId],
  ['Action', (e) => e.action],
  ['Category', (e) => e.category],
  ['Resource Type', (e) => e.resourceType],
  ['Resource ID', (e) => e.resourceId],
  ['Old Values', (e) => json(e.oldValues)],
  ['New Values', (e) => json(e.newValues)],
  ['IP Address', (e) => e.ipAddress],
  ['User Agent', (e) => e.userAgentFull],
  ['Success', (e) => (e.success ? 'true' : 'false')],
  ['Chain Position', (e) => e.chainSeq],
];

/**
 * Every audit row the filters match, in the list's order, as CSV in pieces: the header, then one piece
 * per batch read by keyset (`db/keyset-batches.ts`), so memory stays flat however many rows match and no
 * transaction stays open while the client reads. Formula-like cells are neutralised (CSV injection); the
 * values were neutralised (no line breaks) and redacted when they were written.
 */
export async function* auditCsv(
  db: Db,
  query: AuditExportQuery,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield* keysetCsv(COLUMNS, {
    sort: auditSortOf(query.sort),
    filter: auditFilter(query),
    rows: ({ where, order, limit, cursor }) =>
      db
        .select({ row: auditLogs, cursor })
        .from(auditLogs)
        .where(where)
        .orderBy(...order)
        .limit(limit),
    positionOf: ({ row, cursor }) => ({ cursor, id: String(row.id) }),
    itemOf: ({ row }) => toAuditEntry(row, null),
    batch,
  });
}

/**
 * The CSV with its header and first batch already read: call it before the answer's headers go, so a
 * database error on the first read is an ordinary error answer (JSON, 4xx/5xx), not a 200 with an empty
 * file. An error on a later batch cannot change the status any more: Fastify then logs it and destroys
 * the connection (`sendStream`), so the client sees a broken download rather than a file that looks
 * complete.
 */
export async function auditCsvStarted(
  db: Db,
  query: AuditExportQuery,
  batch = EXPORT_BATCH,
): Promise<AsyncGenerator<string>> {
  const pieces = auditCsv(db, query, batch);
  const first: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const next = await pieces.next();
    if (next.done) break;
    first.push(next.value);
  }
  return (async function* started() {
    yield* first;
    yield* pieces;
  })();
}
