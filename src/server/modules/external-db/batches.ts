import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { databaseRefusal } from '../../http/errors';
import type { JobOutcome, JobProgress } from '../background-jobs';
import type { ReadSource, RowError, SourceRow } from './source';

/**
 * What an import's writes need: the database, who started it (its audit rows) and their role (whom
 * they may change), the time, the outbox.
 */

/** Rows written per transaction: a failed batch costs at most this many rows, none half-written. */
export const IMPORT_BATCH_SIZE = 50;

export type BatchWriter<T, P> = {
  /** Slow work outside the transaction (password hashes), so no row lock waits on it. */
  prepare(batch: SourceRow<T>[]): Promise<P>;
  /**
   * Writes the batch, each change with its audit row, inside `tx`; answers the rows it refused on
   * their own (an email another account signs in with), which it left untouched.
   */
  write(tx: Tx, batch: SourceRow<T>[], prepared: P): Promise<RowError[]>;
};

/**
 * The write phase of an import, once the whole source has been read and checked: batches in source
 * order, each in one transaction. A batch the database refuses rolls back whole and its rows become
 * errors; the batches before and after it stand. Progress counts rows as their batch ends.
 */
export async function writeInBatches<T, P>(
  { db, log }: { db: Db; log: FastifyBaseLogger },
  source: ReadSource<T>,
  progress: JobProgress,
  writer: BatchWriter<T, P>,
): Promise<JobOutcome> {
  progress.setTotal(source.total);
  progress.advance(source.errors.length);
  const errors: RowError[] = [...source.errors];
  let synced = 0;
  for await (const batch of source.batches(IMPORT_BATCH_SIZE)) {
    try {
      const prepared = await writer.prepare(batch);
      const refused = await db.transaction((tx) => writer.write(tx, batch, prepared));
      errors.push(...refused);
      synced += batch.length - refused.length;
    } catch (error) {
      const known = databaseRefusal(error);
      if (!known) log.error({ err: error }, 'external-db import: a batch was refused');
      const reason = known?.message ?? 'the database refused this batch of rows';
      errors.push(...batch.map((row) => ({ line: row.line, ref: row.ref, message: `Not saved: ${reason}` })));
    }
    progress.advance(batch.length);
  }
  errors.sort((a, b) => a.line - b.line);
  return { synced, errors: errors.map(({ ref, message }) => ({ ref, message })) };
}
