import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, plans } from '../../db/schema';
import { customerPerson } from '../email-events';
import type { Mailer } from '../email-events';
import type { TicketRow } from './staff-tickets';

/** The customer's `support_reply` email, in the reply's transaction. */
export async function queueReplyEmail(
  mail: Mailer,
  tx: Executor,
  ticket: TicketRow,
  reply: string,
  now: Date,
) {
  if (ticket.customerId === null) {
    // A visitor's ticket: the answer goes to the address they wrote from; they have no portal.
    if (!ticket.visitorEmail) return;
    await mail.queue.queue(tx, {
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
  await mail.queue.queue(tx, {
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
      ticketUrl: ticketUrlOf(mail.publicUrl, ticket.id),
    },
  });
}

/** The ticket in the portal's Support tab. */
export const ticketUrlOf = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/+$/, '')}/customer-dashboard?tab=support&ticket=${id}`;
