import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  CLOSED_TICKET_MESSAGE,
  type MyTicket,
  type MyTicketDetail,
  type MyTicketListQuery,
  type NewTicketInput,
  type StaffReplyInput,
  type TicketCategory,
  type TicketPriority,
  type TicketUpdateInput,
} from '../../../shared/contracts/support';
import { type TicketStatus } from '../../../shared/statuses';
import type { VisitorMessageInput } from '../../../shared/contracts/contact';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import {
  counters,
  customers,
  plans,
  staffUsers,
  supportTicketMessages,
  supportTickets,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { inTransaction, type RequestContext } from '../../http/request-context';
import { ROLE_TABS, type StaffRole } from '../../../shared/roles';
import { recordAudit, type AuditActor } from '../audit/service';
import type { EmailQueue } from '../email/outbox';
import { customerPerson } from '../email-events/mailer';

/*
 * Ticket rules (docs/support.md). Customer-side work goes through the account scope (`ctx.account`):
 * another account's ticket is not found. Internal notes are read only by the staff queries.
 */

type TicketRow = typeof supportTickets.$inferSelect;

/**
 * Ticket numbers come from the `support_ticket` counter, incremented in the ticket's own transaction:
 * the row lock serialises concurrent tickets and a rolled-back ticket gives its number back (the
 * invoice numbers' way, `billing/invoices/invoices.ts`).
 */
async function nextTicketNumber(tx: Executor): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name: 'support_ticket', value: 1001 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

/**
 * Public messages of a ticket, and whether the last one is the support team's. The ticket's id is
 * spelled with its table: a select from one table leaves its columns unqualified, and inside these
 * subqueries a bare "id" would be the message's.
 */
const ticketId = sql`${sql.identifier('support_tickets')}.${sql.identifier('id')}`;
const replies = sql<number>`(select count(*)::int from ${supportTicketMessages} m
  where m.ticket_id = ${ticketId} and not m.internal)`.mapWith(Number);
const lastPublicAuthor = sql<string | null>`(select m.author_type from ${supportTicketMessages} m
  where m.ticket_id = ${ticketId} and not m.internal order by m.created_at desc, m.id desc limit 1)`;

function toMyTicket(row: TicketRow, counts: { replies: number; lastAuthor: string | null }): MyTicket {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    category: row.category as TicketCategory,
    status: row.status as TicketStatus,
    priority: row.priority as TicketPriority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    replies: counts.replies,
    awaitingCustomer: counts.lastAuthor === 'staff',
  };
}

/** The account's tickets, newest activity first, with an optional status filter. */
export async function listMyTickets(ctx: RequestContext, query: MyTicketListQuery) {
  const where = ctx.account.where(
    supportTickets,
    query.status ? eq(supportTickets.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ticket: supportTickets, replies, lastAuthor: lastPublicAuthor })
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    ctx.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(supportTickets)
      .where(where),
  ]);
  return toPage(
    query,
    rows.map((r) => toMyTicket(r.ticket, r)),
    total?.n ?? 0,
  );
}

/** One of the account's tickets with its public thread; another account's is not found. */
export async function readMyTicket(ctx: RequestContext, id: string): Promise<MyTicketDetail> {
  const [row] = await ctx.account.select(supportTickets, eq(supportTickets.id, id));
  if (!row) throw notFound('Ticket not found');
  const messages = await ctx.db
    .select({
      id: supportTicketMessages.id,
      author: supportTicketMessages.authorType,
      staffFirstName: staffUsers.firstName,
      body: supportTicketMessages.body,
      createdAt: supportTicketMessages.createdAt,
    })
    .from(supportTicketMessages)
    .leftJoin(staffUsers, eq(staffUsers.id, supportTicketMessages.staffUserId))
    .where(and(eq(supportTicketMessages.ticketId, row.id), eq(supportTicketMessages.internal, false)))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  const last = messages.at(-1);
  return {
    ...toMyTicket(row, { replies: messages.length, lastAuthor: last?.author ?? null }),
    description: row.description,
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author === 'staff' ? 'staff' : 'customer',
      // Staff are named by first name only: their email and surname stay inside.
      authorName: m.author === 'staff' ? `${m.staffFirstName?.trim() || 'Support'} (Support team)` : 'You',
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** A customer (the owner or a team member) opens a ticket for the account. */
export async function openTicket(ctx: RequestContext, input: NewTicketInput): Promise<MyTicketDetail> {
  const id = await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const [row] = await tx.account
      .insert(supportTickets, {
        number: await nextTicketNumber(tx.db),
        subject: input.subject,
        description: input.description,
        category: input.category,
        openedByTeamMemberId: teamMemberActing(tx.actor, tx.accountId),
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx.db, tx.actor, {
      action: 'create',
      resourceType: 'support_ticket',
      resourceId: row!.id,
      newValues: { number: row!.number, subject: row!.subject, category: row!.category },
    });
    return row!.id;
  });
  return readMyTicket(ctx, id);
}

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

/**
 * A customer reply. A resolved ticket reopens (status open, resolved_at cleared); a closed one refuses
 * the reply with 409: closing is final, and the customer is asked to open a new ticket.
 */
export async function replyAsCustomer(
  ctx: RequestContext,
  id: string,
  body: string,
): Promise<MyTicketDetail> {
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.account.select(supportTickets, eq(supportTickets.id, id)).for('update');
    if (!before) throw notFound('Ticket not found');
    if (before.status === 'closed') throw conflict(CLOSED_TICKET_MESSAGE);
    const now = tx.clock.now();
    const reopens = before.status === 'resolved';
    await tx.db
      .insert(supportTicketMessages)
      .values({ ticketId: id, authorType: 'customer', body, createdAt: now });
    await tx.account.update(
      supportTickets,
      {
        lastActivityAt: now,
        updatedAt: now,
        ...(reopens ? { status: 'open', resolvedAt: null } : {}),
      },
      eq(supportTickets.id, id),
    );
    await recordAudit(tx.db, tx.actor, {
      action: 'reply',
      resourceType: 'support_ticket',
      resourceId: id,
      ...(reopens ? { oldValues: { status: 'resolved' }, newValues: { status: 'open' } } : {}),
    });
  });
  return readMyTicket(ctx, id);
}

// ---- Staff ----

/** What staff-side ticket work needs: the database, the outbox writer, the portal's address, time. */
export type StaffSupportDeps = { db: Db; email: EmailQueue; publicUrl: string; clock: Clock };

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
export async function updateTicket(
  deps: StaffSupportDeps,
  actor: AuditActor,
  id: string,
  input: TicketUpdateInput,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
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
    const now = deps.clock.now();
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
export async function replyAsStaff(
  deps: StaffSupportDeps,
  actor: AuditActor,
  id: string,
  input: StaffReplyInput,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockTicket(tx, id);
    const now = deps.clock.now();
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
    await queueReplyEmail(deps, tx, before, input.body, now);
  });
}

/** The team member acting in the portal, or null for the account's owner (and staff acting as them). */
const teamMemberActing = (actor: AuditActor, accountId: string) =>
  actor.actorType === 'customer' && actor.actorId && actor.actorId !== accountId ? actor.actorId : null;

/** The customer's `support_reply` email, in the reply's transaction. */
async function queueReplyEmail(
  deps: StaffSupportDeps,
  tx: Executor,
  ticket: TicketRow,
  reply: string,
  now: Date,
) {
  if (ticket.customerId === null) {
    // A visitor's ticket: the answer goes to the address they wrote from; they have no portal.
    if (!ticket.visitorEmail) return;
    await deps.email.queue(tx, {
      template: 'visitor_reply',
      to: { email: ticket.visitorEmail, name: ticket.visitorName ?? '' },
      customerId: null,
      now,
      data: {
        firstName: ticket.visitorName ?? '',
        ticketNumber: String(ticket.number),
        ticketSubject: ticket.subject,
        replyText: reply,
      },
    });
    return;
  }
  // The person who opened the ticket: a team member, or the account's owner.
  const person = await customerPerson(tx, ticket.customerId, ticket.openedByTeamMemberId);
  const [account] = await tx
    .select({ companyName: customers.companyName, planName: plans.name })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, ticket.customerId));
  const customer = person && account ? { ...person, ...account } : null;
  if (!customer) return;
  await deps.email.queue(tx, {
    template: 'support_reply',
    to: { email: customer.email, name: `${customer.firstName} ${customer.lastName}`.trim() },
    customerId: ticket.customerId,
    now,
    data: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      companyName: customer.companyName,
      planName: customer.planName ?? '',
      ticketNumber: String(ticket.number),
      ticketSubject: ticket.subject,
      replyText: reply,
      ticketUrl: ticketUrlOf(deps.publicUrl, ticket.id),
    },
  });
}

/** The ticket in the portal's Support tab. */
export const ticketUrlOf = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/+$/, '')}/customer-dashboard?tab=support&ticket=${id}`;
