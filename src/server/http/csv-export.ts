import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isoDay } from '../../shared/days';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { actorOf, recordAudit } from '../modules/audit';

export type CsvExport = {
  /** Where the audit row goes and the day the file is named for. */
  db: Db;
  clock: Clock;
  /** The audit row's resource type: what the exported rows are. */
  resourceType: string;
  /** The file is `<name>-<YYYY-MM-DD>.csv`. */
  name: string;
  /** The filters the export used, recorded in the audit row. */
  filters: object;
  /** The file: whole, or in pieces read as the client reads (a generator over keyset batches). */
  csv: AsyncIterable<string> | string;
};

/**
 * A list's export as a download (staff lists and the fleet's): the export is audited first (who, which
 * filters), then the rows go out under the day's file name, never cached, since they hold people's data.
 */
export async function sendCsvExport(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, clock, resourceType, name, filters, csv }: CsvExport,
) {
  await recordAudit(db, actorOf(request), {
    action: 'export',
    resourceType,
    newValues: { format: 'csv', ...filters },
  });
  const day = isoDay(clock.now());
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(csv));
}
