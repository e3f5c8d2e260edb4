import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/client';
import { isTransactionConflict } from '../db/errors';
import { accountScope, type AccountScope } from '../db/account-scope';
import { actorOf, type AuditActor } from '../modules/audit';
import type { Mailer } from '../modules/email-events';
import type { PaymentProvider } from '../integrations/payments/provider';
import type { Services } from '../services';

/**
 * What a customer-side service needs to act for the signed-in account, as one argument instead of
 * a row of positional ones: the database (or the transaction the work runs in), who is acting,
 * which account, the time, and the account's own rows (db/account-scope.ts) on that database.
 */
export type CustomerContext = {
  db: Executor;
  actor: AuditActor;
  accountId: string;
  clock: Clock;
  account: AccountScope;
  /** The card processor: billing's changes reach it. */
  provider: PaymentProvider;
  /** The outbox writer: receipts, invitations and notices are queued with the change. */
  mail: Mailer;
};

/** The context of a request the access hook let through as a customer (`access.customer...`). */
export function customerContext(
  request: FastifyRequest,
  services: Pick<Services, 'db' | 'clock' | 'provider' | 'mail'>,
): CustomerContext {
  const accountId = request.customerUser.id;
  return {
    db: services.db,
    actor: actorOf(request),
    accountId,
    clock: services.clock,
    account: accountScope(services.db, accountId),
    provider: services.provider,
    mail: services.mail,
  };
}

/**
 * The one way a service with a context opens a transaction (docs/architecture.md: a change, its audit
 * row and its notification commit together): `work` gets the same context reading and writing
 * through the transaction, a customer's account scope included. Staff and customer contexts alike;
 * code without a context (jobs, cross-account reads) calls `db.transaction` on its handle.
 */
export async function inTransaction<C extends { db: Executor }, T>(
  ctx: C,
  work: (tx: C & { db: Tx }) => Promise<T>,
  /**
   * How many times to run `work` again when PostgreSQL aborted its transaction to resolve a conflict
   * (a deadlock, a serialization failure): for work with no effect outside the database, whose
   * triggers keep shared figures (the fleet's, docs/fleet.md). Never inside another transaction, whose
   * whole work the abort undid.
   */
  { retryConflicts = 0 }: { retryConflicts?: number } = {},
): Promise<T> {
  const retries = ctx.db instanceof PgTransaction ? 0 : retryConflicts;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await ctx.db.transaction((tx) => {
        const accountId = (ctx as { accountId?: unknown }).accountId;
        const scoped = typeof accountId === 'string' ? { account: accountScope(tx, accountId) } : {};
        return work({ ...ctx, db: tx, ...scoped });
      });
    } catch (error) {
      if (attempt >= retries || !isTransactionConflict(error)) throw error;
      // A short, random pause, so the transactions that met do not meet again in the same order.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
