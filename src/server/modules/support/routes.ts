import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  myTicketDetail,
  myTicketListQuery,
  myTicketPage,
  newTicketInput,
  staffReplyInput,
  staffTicketDetail,
  staffTicketExportQuery,
  staffTicketListQuery,
  staffTicketPage,
  supportAnalytics,
  ticketAssignees,
  ticketReplyInput,
  ticketUpdateInput,
} from '../../../shared/contracts/support';
import {
  VISITOR_MESSAGE_SENT,
  visitorMessageInput,
  visitorMessageSent,
} from '../../../shared/contracts/contact';
import { actorOf } from '../audit';
import { supportAnalytics as analyticsOf } from './analytics';
import {
  listTickets,
  staffTicketDetail as detailOf,
  ticketAssignees as assigneesOf,
  ticketsCsv,
} from './queries';
import { listMyTickets, openTicket, readMyTicket, replyAsCustomer } from './customer-tickets';
import { replyAsStaff, updateTicket } from './staff-tickets';
import { staffContext } from '../../http/staff-context';
import { openVisitorTicket } from './visitor-tickets';
import type { Services } from '../../services';
import { customerContext } from '../../http/request-context';
import { routesFor } from '../../http/routes-for';
import { sendCsvExport } from '../../http/csv-export';

const ticketParams = z.object({ id: z.uuid({ error: 'Ticket not found' }) });
const staffSupport = access.staffTab('support');

/** A visitor's messages per address (the landing page's contact form): enough to talk, too few to flood. */
export const VISITOR_MESSAGE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;
export const TOO_MANY_VISITOR_MESSAGES =
  'Too many messages from your address. Please try again in a few minutes.';

/** Support tickets (docs/support.md): the portal's side and the staff Support Center's. */
export async function supportRoutes(app: FastifyInstance, services: Services) {
  const { db, clock } = services;
  const route = routesFor(app, 'support');
  const ctx = (request: FastifyRequest) => customerContext(request, services);

  // ---- A visitor without an account (the landing page's contact form) ----

  route.post('/api/contact/messages', {
    access: access.public,
    rateLimit: {
      ...VISITOR_MESSAGE_LIMIT,
      errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_VISITOR_MESSAGES }),
    },
    summary: "A visitor's message to support: a ticket in the Support Center, marked as from a visitor",
    body: visitorMessageInput,
    response: { 201: visitorMessageSent, 400: errorResponse },
    handler: async (request, reply) => {
      const ticket = await openVisitorTicket({ db, clock }, actorOf(request), request.body);
      return reply
        .code(201)
        .send({ success: true as const, message: VISITOR_MESSAGE_SENT, ticketNumber: ticket.number });
    },
  });

  // ---- The customer's account (owner and team members alike) ----

  route.get('/api/customer/support/tickets', {
    access: access.customer,
    summary: "The account's support tickets, newest activity first, paged",
    querystring: myTicketListQuery,
    response: { 200: myTicketPage },
    handler: async (request) => listMyTickets(ctx(request), request.query),
  });

  route.post('/api/customer/support/tickets', {
    access: access.customer,
    summary: 'Open a support ticket for the account',
    body: newTicketInput,
    response: { 201: myTicketDetail, 400: errorResponse },
    handler: async (request, reply) => reply.code(201).send(await openTicket(ctx(request), request.body)),
  });

  route.get('/api/customer/support/tickets/:id', {
    access: access.customer,
    summary: "One of the account's tickets with its public thread (never internal notes)",
    params: ticketParams,
    response: { 200: myTicketDetail, 404: errorResponse },
    handler: async (request) => readMyTicket(ctx(request), request.params.id),
  });

  route.post('/api/customer/support/tickets/:id/messages', {
    access: access.customer,
    summary: 'Reply to a ticket; a resolved ticket reopens, a closed one refuses (409)',
    params: ticketParams,
    body: ticketReplyInput,
    response: { 200: myTicketDetail, 400: errorResponse, 404: errorResponse, 409: errorResponse },
    handler: async (request) => replyAsCustomer(ctx(request), request.params.id, request.body.body),
  });

  // ---- Staff: the Support Center (tab `support`) ----

  route.get('/api/admin/support/tickets', {
    access: staffSupport,
    summary: 'Tickets filtered by status, priority, category and assignee, searched, sorted and paged',
    querystring: staffTicketListQuery,
    response: { 200: staffTicketPage },
    handler: async (request) => listTickets(db, request.query),
  });

  route.get('/api/admin/support/tickets/export', {
    access: staffSupport,
    summary: 'Every ticket the filters match, as CSV (streamed in batches)',
    querystring: staffTicketExportQuery,
    handler: async (request, reply) =>
      sendCsvExport(request, reply, {
        db,
        clock,
        resourceType: 'support_ticket',
        name: 'support-tickets',
        filters: request.query,
        csv: ticketsCsv(db, request.query),
      }),
  });

  route.get('/api/admin/support/assignees', {
    access: staffSupport,
    summary: 'Staff a ticket may be assigned to: those whose role opens the support tab',
    response: { 200: ticketAssignees },
    handler: async () => assigneesOf(db),
  });

  route.get('/api/admin/support/analytics', {
    access: staffSupport,
    summary: 'Volume by category, first-response and resolution times, open tickets by age',
    response: { 200: supportAnalytics },
    handler: async () => analyticsOf(db, clock.now()),
  });

  route.get('/api/admin/support/tickets/:id', {
    access: staffSupport,
    summary: 'One ticket with its whole thread, internal notes included',
    params: ticketParams,
    response: { 200: staffTicketDetail, 404: errorResponse },
    handler: async (request) => detailOf(db, request.params.id),
  });

  route.patch('/api/admin/support/tickets/:id', {
    access: staffSupport,
    summary: 'Change the status, priority or assignee (audited with old and new values)',
    params: ticketParams,
    body: ticketUpdateInput,
    response: { 200: staffTicketDetail, 400: errorResponse, 404: errorResponse },
    handler: async (request) => {
      await updateTicket(staffContext(request, services), request.params.id, request.body);
      return detailOf(db, request.params.id);
    },
  });

  route.post('/api/admin/support/tickets/:id/messages', {
    access: staffSupport,
    summary: 'Reply to the customer (emailed to them) or add an internal note',
    params: ticketParams,
    body: staffReplyInput,
    response: { 200: staffTicketDetail, 400: errorResponse, 404: errorResponse },
    handler: async (request) => {
      await replyAsStaff(staffContext(request, services), request.params.id, request.body);
      return detailOf(db, request.params.id);
    },
  });
}
