import { eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { customers } from '../../db/schema';
import { assessHealth } from './rule';
import { selectSignals, toSignals } from './signals';

/**
 * Accounts whose refresh found their row locked by another transaction. That transaction is itself
 * a change to the account and refreshes at its end; this list makes sure the health job looks
 * again soon after, in case it refreshed before our change was committed. Lost on a restart: the
 * daily sweep is the backstop.
 */
const deferred = new Set<string>();
const DEFERRED_MAX = 10_000;

/**
 * Recomputes one account's health from its records, in the caller's transaction (the one making
 * the change). Called for every audit row that names an account (modules/audit/service.ts).
 *
 * Lock order: subscription, then the account row, then the rows it owns. A change that locked an
 * owned row first (a vehicle deleted) must not wait for the account row here, or it could wait on a
 * transaction that waits on it: the row is taken with SKIP LOCKED and, when busy, left to the
 * transaction holding it and to the health job (`deferred`). A transaction that already holds
 * the row (the billing job, a fleet change under the account lock) always gets it.
 */
export async function refreshHealth(exec: Executor, customerId: string): Promise<void> {
  const [row] = await selectSignals(exec)
    .where(eq(customers.id, customerId))
    .for('no key update', { of: customers, skipLocked: true });
  if (!row) {
    deferHealth(customerId);
    return;
  }
  const health = assessHealth(toSignals(row));
  if (unchanged(row, health)) return;
  await exec
    .update(customers)
    .set({
      healthScore: health.score,
      riskLevel: health.riskLevel,
      healthReasons: health.reasons,
      healthCheckedAt: sql`now()`,
    })
    .where(eq(customers.id, customerId));
}

/**
 * The same refresh for several accounts at once, in its own transaction, after the changes to them
 * committed: one statement gathers them, one writes those whose score moved. The billing job calls it
 * once per batch of renewals instead of once inside each renewal's transaction. Rows another
 * transaction holds are left to it and to the health job, as in `refreshHealth`.
 */
export async function refreshAccountsHealth(db: Db, customerIds: string[]): Promise<void> {
  if (customerIds.length === 0) return;
  await db.transaction(async (tx) => {
    const rows = await selectSignals(tx)
      .where(idIn(customerIds))
      .for('no key update', { of: customers, skipLocked: true });
    const found = new Set(rows.map((row) => row.id));
    for (const id of customerIds) if (!found.has(id)) deferHealth(id);
    await writeHealth(tx, rows.filter((row) => !unchanged(row, assessHealth(toSignals(row)))).map(toSignals));
  });
}

function deferHealth(customerId: string) {
  if (deferred.size < DEFERRED_MAX) deferred.add(customerId);
}

type Stored = Pick<Awaited<ReturnType<typeof selectSignals>>[number], 'stored'>;

/**
 * Most changes move nothing (a renewal paid, a vehicle renamed): then a row already scored is left as
 * it is, and its health_checked_at stays the sweep's, which comes back to it within a day.
 */
function unchanged({ stored }: Stored, health: ReturnType<typeof assessHealth>): boolean {
  return (
    stored.checkedAt !== null &&
    stored.score === health.score &&
    stored.riskLevel === health.riskLevel &&
    JSON.stringify(stored.reasons) === JSON.stringify(health.reasons)
  );
}

/** How long a computed health stands before the sweep recomputes it (time-based signals move). */
export const HEALTH_MAX_AGE = sql`interval '1 day'`;

/**
 * One batch of the sweep: accounts never checked first, then those checked more than a day ago,
 * gathered, scored and written back in two statements. Rows another transaction holds are skipped
 * (it refreshes them itself), so several instances can sweep at once. Answers how many it wrote.
 */
export async function refreshStaleHealth(db: Db, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    // The accounts first, on the index alone: most runs find none and stop here.
    const due = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        or(isNull(customers.healthCheckedAt), lt(customers.healthCheckedAt, sql`now() - ${HEALTH_MAX_AGE}`)),
      )
      .orderBy(sql`${customers.healthCheckedAt} asc nulls first`)
      .limit(batchSize)
      .for('no key update', { skipLocked: true });
    if (due.length === 0) return 0;
    const rows = await selectSignals(tx).where(idIn(due.map((d) => d.id)));
    await writeHealth(tx, rows.map(toSignals));
    return due.length;
  });
}

const idIn = (ids: string[]) =>
  sql`${customers.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/** The accounts whose refresh was deferred, recomputed now in their own short transaction. */
export async function refreshDeferredHealth(db: Db): Promise<number> {
  if (deferred.size === 0) return 0;
  const ids = [...deferred];
  deferred.clear();
  return db.transaction(async (tx) => {
    const rows = await selectSignals(tx)
      .where(idIn(ids))
      .for('no key update', { of: customers, skipLocked: true });
    await writeHealth(tx, rows.map(toSignals));
    return rows.length;
  });
}

async function writeHealth(tx: Executor, accounts: ReturnType<typeof toSignals>[]): Promise<void> {
  if (accounts.length === 0) return;
  const values = accounts.map((signals) => {
    const { score, riskLevel, reasons } = assessHealth(signals);
    return { id: signals.id, score, risk: riskLevel, reasons };
  });
  await tx.execute(sql`
    update customers c
    set health_score = v.score, risk_level = v.risk, health_reasons = v.reasons, health_checked_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, score int, risk text, reasons jsonb)
    where c.id = v.id`);
}
