import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../auth/secret-box';
import { actorOf, type AuditActor } from '../audit';
import type { Acting } from './rules';
import type { Mailer } from '../email-events';

/** What a Team Management change needs: the database, who acts (for the rules and the audit), the time, the key. */
export type TeamContext = {
  db: Db;
  actor: AuditActor;
  acting: Acting & { sessionId: string };
  clock: Clock;
  secrets: SecretBox;
  /** The outbox writer: a member's generated password goes to them by email (team_invitation). */
  mail: Mailer;
};
export type TeamDeps = Omit<TeamContext, 'actor' | 'acting'>;

export const teamContext = (request: FastifyRequest, deps: TeamDeps): TeamContext => {
  const staff = request.staffUser;
  return {
    ...deps,
    actor: actorOf(request),
    acting: { id: staff.id, role: staff.role, permissions: staff.permissions, sessionId: staff.sessionId },
  };
};
