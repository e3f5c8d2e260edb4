import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { keepTablesUp } from '../db/table-upkeep';

/**
 * One run of `database: upkeep` (jobs/registry.ts), on the embedded database only: the ANALYZE and
 * VACUUM that autovacuum does on PostgreSQL (db/table-upkeep.ts). Logged when it did any.
 */
export function databaseUpkeepRun(db: Db, log: FastifyBaseLogger) {
  return async () => {
    const done = await keepTablesUp(db);
    if (done.length > 0) log.info({ tables: done }, 'database: upkeep');
  };
}
