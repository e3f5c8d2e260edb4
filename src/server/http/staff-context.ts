import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { SecretBox } from '../auth/secret-box';
import type { StaffPrincipal } from '../auth/sessions';
import type { PaymentProvider } from '../integrations/payments/provider';
import { actorOf, type AuditActor } from '../modules/audit';
import type { Mailer } from '../modules/email-events';
import type { Services } from '../services';

/**
 * What every staff service acts with, one shape for the whole back-office (docs/server-kit.md,
 * "Request context"): the database, the time, who acts for the audit trail, the signed-in member
 * (id, role, permissions, session), and the services a staff change may reach: the card processor,
 * the sealed-secrets box and the outbox writer.
 */
export type StaffContext = {
  db: Db;
  clock: Clock;
  /** The audit rows' actor: the member, their address and browser. */
  actor: AuditActor;
  /** The member the access hook let through (`request.staffUser`). */
  staff: StaffPrincipal;
  provider: PaymentProvider;
  secrets: SecretBox;
  mail: Mailer;
};

/** The context of a request the access hook let through as staff. */
export const staffContext = (request: FastifyRequest, services: Services): StaffContext => ({
  db: services.db,
  clock: services.clock,
  actor: actorOf(request),
  staff: request.staffUser,
  provider: services.provider,
  secrets: services.secrets,
  mail: services.mail,
});

/** The audit actor for a change to one account: its rows name the account they are about. */
export const actorFor = (ctx: Pick<StaffContext, 'actor'>, customerId: string): AuditActor => ({
  ...ctx.actor,
  accountId: customerId,
});
