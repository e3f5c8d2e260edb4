import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TICKET_STATUSES } from '../../../shared/statuses';
import { ownedByIfAny } from './account-columns';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';
import { byStaff } from './staff-columns';
import { teamMembers } from './team';

/** Support tickets opened by customers from the portal (docs/support.md). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: randomId(),
    /** The short number people quote ("#1042"), from the `support_ticket` counter. */
    number: integer('number').notNull(),
    /** The account that opened it; null for a visitor's message from the landing page (visitor_*). */
    customerId: ownedByIfAny(),
    /** A visitor without an account who wrote from the landing page's contact form: who to answer. */
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    /** billing, technical or feature_request. */
    category: text('category').notNull(),
    /** open, in_progress, resolved or closed. */
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** urgent, high, medium or low. */
    priority: text('priority').notNull().default('medium'),
    assignedToStaffId: byStaff('assigned_to_staff_id'),
    /** The team member who opened it (null: the account owner): staff replies are emailed to them. */
    openedByTeamMemberId: uuid('opened_by_team_member_id').references((): AnyPgColumn => teamMembers.id, {
      onDelete: 'set null',
    }),
    /** The first staff reply visible to the customer (internal notes do not count). */
    firstResponseAt: timestamptz('first_response_at'),
    resolvedAt: timestamptz('resolved_at'),
    closedAt: timestamptz('closed_at'),
    lastActivityAt: timestamptz('last_activity_at').notNull().defaultNow(),
    /** What the staff search box matches, lowercased once on write. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(subject || ' ' || description)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_number_key').on(t.number),
    index('support_tickets_customer_idx').on(t.customerId, t.createdAt),
    index('support_tickets_status_idx').on(t.status, t.lastActivityAt, t.id),
    index('support_tickets_priority_idx').on(t.priority, t.lastActivityAt, t.id),
    index('support_tickets_activity_idx').on(t.lastActivityAt, t.id),
    index('support_tickets_assigned_idx').on(t.assignedToStaffId),
    index('support_tickets_created_idx').on(t.createdAt),
    // The staff search (modules/support/queries.ts): subject and description, and a visitor's name and
    // email, each by trigrams over exactly the expression the search matches.
    index('support_tickets_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('support_tickets_visitor_search_idx').using(
      'gin',
      sql`lower(coalesce(${t.visitorName}, '') || ' ' || coalesce(${t.visitorEmail}, '')) gin_trgm_ops`,
    ),
    // The exact median of first-response and resolution times is read here, inside the one minute that
    // holds it (support_ticket_duration_buckets; modules/support/ticket-medians.ts).
    index('support_tickets_response_seconds_idx')
      .on(sql`extract(epoch from (${t.firstResponseAt} - ${t.createdAt}))`)
      .where(sql`${t.firstResponseAt} is not null`),
    index('support_tickets_resolution_seconds_idx')
      .on(sql`extract(epoch from (${t.resolvedAt} - ${t.createdAt}))`)
      .where(sql`${t.resolvedAt} is not null`),
    // Every ticket has a requester: an account, or a visitor with an email to answer.
    check(
      'support_tickets_requester',
      sql`${t.customerId} is not null or (${t.visitorEmail} is not null and ${t.visitorName} is not null)`,
    ),
  ],
);

/** The thread of a ticket: customer and staff replies, and staff's internal notes. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: randomId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** customer or staff. */
    authorType: text('author_type').notNull(),
    staffUserId: byStaff('staff_user_id'),
    /** A staff note the customer never sees. */
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/*
 * The support analytics' figures, kept by a trigger on support_tickets in each ticket's own transaction
 * (migration 0025, docs/support.md "Analytics at scale"): the analytics and the ticket list's count read
 * these few rows instead of every ticket. support_ticket_figures_rebuild() recomputes all three from the
 * tickets (after a bulk load with triggers off).
 */

/**
 * Tickets per category, status, priority and assignee (every filter of the staff list but its search),
 * with the sums behind the average first-response and resolution times.
 */
export const supportTicketTotals = pgTable(
  'support_ticket_totals',
  {
    category: text('category').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull(),
    priority: text('priority').notNull(),
    /** The assigned staff member's id as text, or '' for unassigned (a key column cannot be null). */
    assignee: text('assignee').notNull(),
    tickets: integer('tickets').notNull().default(0),
    /** Tickets with a first response, and the sum of their first-response times in seconds. */
    responded: integer('responded').notNull().default(0),
    responseSeconds: numeric('response_seconds').notNull().default('0'),
    /** Tickets with a resolved_at, and the sum of their resolution times in seconds. */
    resolved: integer('resolved').notNull().default(0),
    resolutionSeconds: numeric('resolution_seconds').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.category, t.status, t.priority, t.assignee] })],
);

/**
 * How many tickets took each span of time to their first response (`first_response`) or resolution
 * (`resolution`), counted at three widths: whole days, hours and minutes (`width` in seconds, `bucket` the
 * seconds divided by it, rounded down). The median's minute is found by running sums over a few hundred
 * rows: the days, then the hours of one day, then the minutes of one hour.
 */
export const supportTicketDurationBuckets = pgTable(
  'support_ticket_duration_buckets',
  {
    measure: text('measure', { enum: ['first_response', 'resolution'] }).notNull(),
    width: integer('width').notNull(),
    bucket: integer('bucket').notNull(),
    tickets: integer('tickets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.measure, t.width, t.bucket] })],
);

/** Open tickets (open or in progress) by the hour they were opened in (whole hours since 1970, UTC). */
export const supportOpenTicketHours = pgTable('support_open_ticket_hours', {
  hour: integer('hour').primaryKey(),
  tickets: integer('tickets').notNull().default(0),
});
