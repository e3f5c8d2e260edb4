import type { TicketCategory, TicketPriority } from '../../../shared/contracts/support';
import type { TicketStatus } from '../../../shared/statuses';
import type { supportTickets } from '../../db/schema';

/** What the customer's and the staff's ticket lists both show of a ticket, in the order they show it. */
export function ticketSummaryOf(ticket: typeof supportTickets.$inferSelect) {
  return {
    id: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    category: ticket.category as TicketCategory,
    status: ticket.status as TicketStatus,
    priority: ticket.priority as TicketPriority,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    lastActivityAt: ticket.lastActivityAt.toISOString(),
  };
}
