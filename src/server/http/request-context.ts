import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
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
 * Runs `work` in one transaction (docs/architecture.md: a change, its audit row and its notification commit
 * together); the context it gets reads and writes through the transaction, account scope included.
 */
export function inTransaction<C extends CustomerContext, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx, account: accountScope(tx, ctx.accountId) }));
}
