import { z } from 'zod';
import { TICKET_STATUSES, type TicketStatus } from '../statuses';
import { pageOf, pagedQuery, requiredText, searchField, sortField } from './common';

/**
 * Support tickets (the Support Center's real tickets, and the portal's; rules in the doc below:
 * docs/support.md). Customers open and answer their account's tickets from the portal
 * (`/api/customer/support/...`); staff with the `support` tab list, assign, triage and answer them, and
 * add internal notes the customer never sees (`/api/admin/support/...`).
 */

/** `general`: a question that is none of the others (a visitor's message from the landing page is one). */
export const TICKET_CATEGORIES = ['billing', 'technical', 'feature_request', 'general'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  billing: 'Billing',
  technical: 'Technical',
  feature_request: 'Feature request',
  general: 'General question',
};
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** The refusal of a customer reply to a closed ticket (docs/support.md). */
export const CLOSED_TICKET_MESSAGE =
  'This ticket is closed. Please open a new ticket if you still need help.';

const category = z.enum(TICKET_CATEGORIES, { error: 'Choose billing, technical or feature request' });
const status = z.enum(TICKET_STATUSES, { error: 'Status must be open, in progress, resolved or closed' });
const priority = z.enum(TICKET_PRIORITIES, { error: 'Priority must be urgent, high, medium or low' });

export const MESSAGE_MAX = 5000;

/** The portal's new-ticket form. */
export const newTicketInput = z.object({
  subject: requiredText('Subject is required', 200),
  description: requiredText('Please describe the problem', MESSAGE_MAX),
  category,
});
export type NewTicketInput = z.infer<typeof newTicketInput>;

/** A reply in the thread (customer or staff). */
export const ticketReplyInput = z.object({ body: requiredText('Message is required', MESSAGE_MAX) });
export type TicketReplyInput = z.infer<typeof ticketReplyInput>;

/** A staff reply, or an internal note (`internal: true`) the customer never sees. */
export const staffReplyInput = ticketReplyInput.extend({ internal: z.boolean().default(false) });
export type StaffReplyInput = z.infer<typeof staffReplyInput>;

const assignee = z.string().uuid('Choose a team member').nullable().optional();
export const ASSIGNEE_NAMES_DIFFER = 'assignedTo and assignedToStaffId name different team members: send one';

/**
 * Staff triage: any of status, priority and assignee (null: unassigned). The assignee is
 * `assignedToStaffId`, or `assignedTo`, the original API's name for the field: either is
 * heard; both at once must name the same member. What the service gets is `assignedToStaffId`.
 */
export const ticketUpdateInput = z
  .object({
    status: status.optional(),
    priority: priority.optional(),
    assignedToStaffId: assignee,
    assignedTo: assignee,
  })
  .refine(
    (v) =>
      v.assignedTo === undefined || v.assignedToStaffId === undefined || v.assignedTo === v.assignedToStaffId,
    { message: ASSIGNEE_NAMES_DIFFER, path: ['assignedTo'] },
  )
  .transform(({ assignedTo, ...v }) =>
    assignedTo !== undefined && v.assignedToStaffId === undefined
      ? { ...v, assignedToStaffId: assignedTo }
      : v,
  )
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assignedToStaffId !== undefined, {
    message: 'Nothing to change',
  });
export type TicketUpdateInput = z.infer<typeof ticketUpdateInput>;

// ---- The customer's view: their account's tickets and the public thread ----

const ticketFields = {
  id: z.string(),
  number: z.number(),
  subject: z.string(),
  category,
  status,
  priority,
  createdAt: z.string(),
  updatedAt: z.string(),
  lastActivityAt: z.string(),
};

export const myTicket = z.object({
  ...ticketFields,
  /** Public messages in the thread (staff replies and the account's), internal notes not counted. */
  replies: z.number(),
  /** Whether the last public message is the support team's (the customer has an answer to read). */
  awaitingCustomer: z.boolean(),
});
export type MyTicket = z.infer<typeof myTicket>;

/** One message as the customer sees it: never an internal note, never the staff member's email. */
export const publicMessage = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  /** The staff member's first name, or "You" for the account's own messages. */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type PublicMessage = z.infer<typeof publicMessage>;

export const myTicketDetail = myTicket.extend({
  description: z.string(),
  messages: z.array(publicMessage),
});
export type MyTicketDetail = z.infer<typeof myTicketDetail>;

export const myTicketListQuery = pagedQuery(
  { status: status.optional() },
  { defaultPageSize: 10, maxPageSize: 50, maxPage: 10_000 },
);
export type MyTicketListQuery = z.infer<typeof myTicketListQuery>;
export const myTicketPage = pageOf(myTicket);
export type MyTicketPage = z.infer<typeof myTicketPage>;

// ---- Staff ----

export const TICKET_SORTS = [
  'lastActivityAt',
  '-lastActivityAt',
  'createdAt',
  '-createdAt',
  'priority',
  '-priority',
  'number',
  '-number',
] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

/** `unassigned`, or a staff member's id. */
export const assigneeFilter = z.union([z.literal('unassigned'), z.string().uuid('Unknown assignee')]);

const staffListFields = {
  search: searchField,
  status: status.optional(),
  priority: priority.optional(),
  category: category.optional(),
  assignee: assigneeFilter.optional(),
  sort: sortField(TICKET_SORTS, '-lastActivityAt'),
};
export const staffTicketListQuery = pagedQuery(staffListFields);
export type StaffTicketListQuery = z.infer<typeof staffTicketListQuery>;
/** The export takes the list's filters and order, and every matching ticket. */
export const staffTicketExportQuery = z.object(staffListFields);
export type StaffTicketExportQuery = z.infer<typeof staffTicketExportQuery>;

const staffRef = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type StaffRef = z.infer<typeof staffRef>;

export const staffTicket = z.object({
  ...ticketFields,
  /**
   * Who asked: the account (id, company name, email), or for a visitor's message from the landing page
   * (`fromVisitor`) no id, the visitor's name and the email to answer.
   */
  customer: z.object({ id: z.string().nullable(), companyName: z.string(), email: z.string() }),
  fromVisitor: z.boolean(),
  assignee: staffRef.nullable(),
  firstResponseAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof staffTicket>;
export const staffTicketPage = pageOf(staffTicket);
export type StaffTicketPage = z.infer<typeof staffTicketPage>;

export const staffMessage = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  /** The staff member, or the account's company name for the customer's messages. */
  authorName: z.string(),
  internal: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export type StaffMessage = z.infer<typeof staffMessage>;

export const staffTicketDetail = staffTicket.extend({
  description: z.string(),
  messages: z.array(staffMessage),
});
export type StaffTicketDetail = z.infer<typeof staffTicketDetail>;

/** Staff who can be given a ticket: those whose role opens the support tab. */
export const ticketAssignees = z.array(staffRef);

/** Analytics from the tickets (docs/support.md "Analytics"); durations in hours. */
const durationFigures = z.object({
  /** Tickets measured (those with a first response, or resolved). */
  count: z.number(),
  medianHours: z.number().nullable(),
  averageHours: z.number().nullable(),
});
export const OPEN_AGE_BUCKETS = [
  { id: 'under_1d', label: 'Under 1 day' },
  { id: '1_3d', label: '1–3 days' },
  { id: '3_7d', label: '3–7 days' },
  { id: 'over_7d', label: 'Over 7 days' },
] as const;
export const supportAnalytics = z.object({
  totalTickets: z.number(),
  openTickets: z.number(),
  byCategory: z.array(z.object({ category, count: z.number() })),
  byStatus: z.array(z.object({ status, count: z.number() })),
  firstResponse: durationFigures,
  resolution: durationFigures,
  openByAge: z.array(z.object({ bucket: z.string(), label: z.string(), count: z.number() })),
});
export type SupportAnalytics = z.infer<typeof supportAnalytics>;
