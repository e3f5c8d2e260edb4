import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import { accountScope } from '../../db/account-scope';
import type { SecretBox } from '../../auth/secret-box';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { actorOf, type AuditActor } from '../audit';
import type { Mailer } from '../email-events';
import type { BillingContext } from '../billing';

/**
 * What a staff service acting on customer accounts needs (server-kit: "give it a StaffContext"):
 * the database, who acts, the time, the box temporary passwords are sealed in, and the card
 * processor (a deleted account's cards are detached there).
 */
export type StaffContext = {
  db: Db;
  actor: AuditActor;
  /** The acting member's role: a sales user who adds a customer is credited with it. */
  actingRole: string;
  clock: Clock;
  secrets: SecretBox;
  provider: PaymentProvider;
  /** The outbox writer: temporary passwords and suspensions go to the customer by email. */
  mail: Mailer;
};

export type StaffCustomerDeps = Omit<StaffContext, 'actor' | 'actingRole'>;

/** The context of a request the access hook let through as staff. */
export const staffContext = (request: FastifyRequest, deps: StaffCustomerDeps): StaffContext => ({
  ...deps,
  actor: actorOf(request),
  actingRole: request.staffUser.role,
});

/** The audit actor for a change to one account: its rows name the account they are about. */
export const actorFor = (ctx: StaffContext, customerId: string): AuditActor => ({
  ...ctx.actor,
  accountId: customerId,
});

/**
 * Billing's own context for a change staff make to one account, on `db` (the edit's transaction):
 * billing's functions (cancel, resume, plan changes) run as they do for the portal, with the staff
 * member as the audited actor. One way: staff never write billing's rows themselves.
 */
export const billingAsStaff = (ctx: StaffContext, customerId: string, db: Executor): BillingContext => ({
  db,
  actor: actorFor(ctx, customerId),
  accountId: customerId,
  clock: ctx.clock,
  account: accountScope(db, customerId),
  provider: ctx.provider,
  mail: ctx.mail,
});
