import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  CLOSED_TICKET_MESSAGE,
  type MyTicket,
  type MyTicketDetail,
  type MyTicketListQuery,
  type NewTicketInput,
} from '../../../shared/contracts/support';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import { staffUsers, supportTicketMessages, supportTickets } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/request-context';
import { recordAudit, type AuditActor } from '../audit';
import { nextTicketNumber } from './ticket-numbers';
import type { CustomerContext } from '../../http/request-context';
import { ticketSummaryOf } from './ticket-summary';

/*
 * Ticket rules (docs/support.md). Customer-side work goes through the account scope (`ctx.account`):
 * another account's ticket is not found. Internal notes are read only by the staff queries.
 */

type TicketRow = typeof supportTickets.$inferSelect;

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
    ...ticketSummaryOf(row),
    replies: counts.replies,
    awaitingCustomer: counts.lastAuthor === 'staff',
  };
}

/** The account's tickets, newest activity first, with an optional status filter. */
export async function listMyTickets(ctx: CustomerContext, query: MyTicketListQuery) {
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
export async function readMyTicket(ctx: CustomerContext, id: string): Promise<MyTicketDetail> {
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
export async function openTicket(ctx: CustomerContext, input: NewTicketInput): Promise<MyTicketDetail> {
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

/**
 * A customer reply. A resolved ticket reopens (status open, resolved_at cleared); a closed one refuses
 * the reply with 409: closing is final, and the customer is asked to open a new ticket.
 */
export async function replyAsCustomer(
  ctx: CustomerContext,
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

/** The team member acting in the portal, or null for the account's owner (and staff acting as them). */
const teamMemberActing = (actor: AuditActor, accountId: string) =>
  actor.actorType === 'customer' && actor.actorId && actor.actorId !== accountId ? actor.actorId : null;
