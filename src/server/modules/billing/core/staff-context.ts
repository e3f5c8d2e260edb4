import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { actorOf, type AuditActor } from '../../audit';
import type { Mailer } from '../../email-events';

/** What a billing-admin service needs: the database, who acts (a staff member) and the time. */
export type BillingAdminContext = {
  db: Db;
  actor: AuditActor;
  staffId: string;
  clock: Clock;
  /** The outbox writer: payment and subscription requests carry their links by email. */
  mail: Mailer;
};

export const billingAdminContext = (
  request: FastifyRequest,
  deps: { db: Db; clock: Clock; mail: Mailer },
): BillingAdminContext => ({
  db: deps.db,
  clock: deps.clock,
  mail: deps.mail,
  actor: actorOf(request),
  staffId: request.staffUser.id,
});

/** The audit actor for a change to one account: its rows name the account they are about. */
export const actorFor = (ctx: BillingAdminContext, customerId: string): AuditActor => ({
  ...ctx.actor,
  accountId: customerId,
});
