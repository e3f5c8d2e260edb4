import { eq } from 'drizzle-orm';
import type { StaffReplyInput, TicketUpdateInput } from '../../../shared/contracts/support';
import { type TicketStatus } from '../../../shared/statuses';
import type { Executor } from '../../db/client';
import { staffUsers, supportTicketMessages, supportTickets } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { ROLE_TABS, type StaffRole } from '../../../shared/roles';
import { recordAudit, type AuditActor } from '../audit';
import { queueReplyEmail } from './reply-emails';
import { inTransaction } from '../../http/request-context';
import type { StaffContext } from '../../http/staff-context';

// Staff-side ticket rules (docs/support.md): status, priority, assignee and replies, each in one
// transaction holding the ticket's row lock.

export type TicketRow = typeof supportTickets.$inferSelect;

/** Roles whose tab list opens Support: the staff a ticket may be given to. */
export const SUPPORT_ROLES = (Object.keys(ROLE_TABS) as StaffRole[]).filter((role) =>
  ROLE_TABS[role].includes('support'),
);

async function lockTicket(tx: Executor, id: string): Promise<TicketRow> {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  if (!row) throw notFound('Ticket not found');
  return row;
}

/** The staff member's actor, carrying the ticket's account so its health is recomputed with the change. */
const forAccount = (actor: AuditActor, ticket: TicketRow): AuditActor => ({
  ...actor,
  accountId: ticket.customerId,
});

/** Status, priority and assignee; each field changed is audited with its old and new value. */
export async function updateTicket(ctx: StaffContext, id: string, input: TicketUpdateInput): Promise<void> {
  await inTransaction(ctx, async ({ db: tx, actor }) => {
    const before = await lockTicket(tx, id);
    if (input.assignedToStaffId) {
      const [staff] = await tx
        .select({ role: staffUsers.role })
        .from(staffUsers)
        .where(eq(staffUsers.id, input.assignedToStaffId));
      if (!staff || !SUPPORT_ROLES.includes(staff.role as StaffRole)) {
        throw badRequest('Choose a team member who works on support', {
          assignedToStaffId: 'Choose a team member who works on support',
        });
      }
    }
    const oldValues: Record<string, unknown> = {};
    const newValues: Record<string, unknown> = {};
    const set: Partial<typeof supportTickets.$inferInsert> = {};
    const change = <K extends 'status' | 'priority' | 'assignedToStaffId'>(
      key: K,
      value: TicketRow[K] | undefined,
    ) => {
      if (value === undefined || value === before[key]) return;
      oldValues[key] = before[key];
      newValues[key] = value;
      set[key] = value as never;
    };
    change('status', input.status);
    change('priority', input.priority);
    change('assignedToStaffId', input.assignedToStaffId);
    if (Object.keys(set).length === 0) return;
    const now = ctx.clock.now();
    if (set.status) Object.assign(set, statusStamps(set.status as TicketStatus, before, now));
    await tx
      .update(supportTickets)
      .set({ ...set, updatedAt: now })
      .where(eq(supportTickets.id, id));
    await recordAudit(tx, forAccount(actor, before), {
      action: 'update',
      resourceType: 'support_ticket',
      resourceId: id,
      oldValues,
      newValues,
    });
  });
}

/** When a ticket was resolved or closed: set on the way in, cleared when it is reopened. */
function statusStamps(status: TicketStatus, before: TicketRow, now: Date) {
  switch (status) {
    case 'resolved':
      return { resolvedAt: now, closedAt: null };
    case 'closed':
      // Closed without a resolution first: resolution time counts to the close.
      return { resolvedAt: before.resolvedAt ?? now, closedAt: now };
    default:
      return { resolvedAt: null, closedAt: null };
  }
}

/**
 * A staff reply or internal note. A reply (not a note) stamps the first response, moves an open ticket
 * to in progress, and queues the `support_reply` email to the customer in the same transaction.
 */
export async function replyAsStaff(ctx: StaffContext, id: string, input: StaffReplyInput): Promise<void> {
  await inTransaction(ctx, async ({ db: tx, actor }) => {
    const before = await lockTicket(tx, id);
    const now = ctx.clock.now();
    const [message] = await tx
      .insert(supportTicketMessages)
      .values({
        ticketId: id,
        authorType: 'staff',
        staffUserId: actor.actorId,
        internal: input.internal,
        body: input.body,
        createdAt: now,
      })
      .returning({ id: supportTicketMessages.id });
    if (input.internal) {
      await tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, id));
      await recordAudit(tx, forAccount(actor, before), {
        action: 'internal_note',
        resourceType: 'support_ticket',
        resourceId: id,
        newValues: { messageId: message!.id },
      });
      return;
    }
    const moves = before.status === 'open';
    await tx
      .update(supportTickets)
      .set({
        lastActivityAt: now,
        updatedAt: now,
        firstResponseAt: before.firstResponseAt ?? now,
        ...(moves ? { status: 'in_progress' } : {}),
      })
      .where(eq(supportTickets.id, id));
    await recordAudit(tx, forAccount(actor, before), {
      action: 'reply',
      resourceType: 'support_ticket',
      resourceId: id,
      oldValues: moves ? { status: 'open' } : undefined,
      newValues: { messageId: message!.id, ...(moves ? { status: 'in_progress' } : {}) },
    });
    await queueReplyEmail(ctx.mail, tx, before, input.body, now);
  });
}
