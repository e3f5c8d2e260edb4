import type { Executor, Tx } from '../../db/client';
import { inTransaction } from '../../http/request-context';

/**
 * The transaction of a fleet write. Its triggers keep shared figures: the account's (migration 0031)
 * and the Fleet Control Center's (0027). Two writers of one account (a vehicle deleted with its records
 * while another's odometer moves) can take those rows in opposite orders; PostgreSQL then aborts one,
 * and it runs again (up to three times) rather than answering "try again". The work touches nothing
 * outside the database (docs/server-kit.md, `retryConflicts`).
 */
export function inFleetTransaction<C extends { db: Executor }, T>(
  ctx: C,
  work: (tx: C & { db: Tx }) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx, work, { retryConflicts: 3 });
}
