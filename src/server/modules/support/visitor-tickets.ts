import type { VisitorMessageInput } from '../../../shared/contracts/contact';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { supportTickets } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { nextTicketNumber } from './ticket-numbers';

/** The subject a visitor's ticket gets: who wrote, and the start of what they wrote. */
export function visitorSubjectOf(input: VisitorMessageInput): string {
  const firstLine = input.message.split(/\r?\n/, 1)[0]!.trim();
  const gist = firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
  return `Website message from ${input.name}: ${gist}`.slice(0, 200);
}

/**
 * A visitor without an account writes from the landing page's contact form: the message becomes a
 * ticket like a customer's (same numbering, audit and Support Center), with no account and the
 * visitor's name and email to answer (category `general`). Staff replies go to that email.
 */
export async function openVisitorTicket(
  deps: { db: Db; clock: Clock },
  actor: AuditActor,
  input: VisitorMessageInput,
): Promise<{ id: string; number: number }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .insert(supportTickets)
      .values({
        number: await nextTicketNumber(tx),
        customerId: null,
        visitorName: input.name,
        visitorEmail: input.email,
        subject: visitorSubjectOf(input),
        description: input.message,
        category: 'general',
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: supportTickets.id, number: supportTickets.number });
    await recordAudit(
      tx,
      { ...actor, actorEmail: input.email },
      {
        action: 'create',
        resourceType: 'support_ticket',
        resourceId: row!.id,
        newValues: { number: row!.number, category: 'general', fromVisitor: true },
      },
    );
    return row!;
  });
}
