import { and, asc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type StaffTicket,
  type StaffTicketDetail,
  type StaffTicketExportQuery,
  type StaffTicketListQuery,
  type TicketSort,
} from '../../../shared/contracts/support';
import { countUpTo, searchCountCap } from '../../db/bounded-count';
import type { Db, Executor } from '../../db/client';
import { keysetSort, type SortKey } from '../../db/keyset-sort';
import {
  customers,
  staffUsers,
  supportTicketMessages,
  supportTicketTotals,
  supportTickets,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { likePattern } from '../../lib/sql-like';
import { keysetCsv, type CsvColumn } from '../../lib/csv';
import { staffNameOf } from '../team';
import { SUPPORT_ROLES } from './staff-tickets';
import { ticketSummaryOf } from './ticket-summary';

// Staff reads across accounts (docs/server-kit.md "Staff queries across accounts"): the ticket list,
// its export, one ticket with its whole thread (internal notes included), and who may be assigned.

type Filters = Omit<StaffTicketExportQuery, 'sort'>;

/**
 * The list's filters; the export takes the same ones. The search matches the subject and description
 * (`search_text`), the customer (company, name or email: the customers' own `search_text`), and a
 * ticket number ("1042" or "#1042").
 */
export function ticketFilter(query: Filters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(supportTickets.status, query.status) : undefined,
    query.priority ? eq(supportTickets.priority, query.priority) : undefined,
    query.category ? eq(supportTickets.category, query.category) : undefined,
    query.assignee === 'unassigned'
      ? isNull(supportTickets.assignedToStaffId)
      : query.assignee
        ? eq(supportTickets.assignedToStaffId, query.assignee)
        : undefined,
  ];
  if (query.search) {
    const pattern = likePattern(query.search);
    const number = /^#?(\d{1,9})$/.exec(query.search)?.[1];
    conditions.push(
      or(
        like(supportTickets.searchText, pattern),
        // `= any(array(...))`, not `in (select ...)`: the planner reads the matching customers once and
        // looks their tickets up by support_tickets_customer_idx, one arm of the OR's bitmap; an IN
        // subquery inside an OR can only be a filter checked against every row.
        sql`${supportTickets.customerId} = any(array(select ${customers.id} from ${customers} where ${like(customers.searchText, pattern)}))`,
        // A visitor's ticket by the visitor's name or email.
        sql`lower(coalesce(${supportTickets.visitorName}, '') || ' ' || coalesce(${supportTickets.visitorEmail}, '')) like lower(${pattern})`,
        number ? eq(supportTickets.number, Number(number)) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** Urgent is the highest: `-priority` lists urgent first. */
const priorityRank = sql<number>`(case ${supportTickets.priority} when 'urgent' then 3 when 'high' then 2
  when 'medium' then 1 else 0 end)`;

/** Each sort the ticket list offers, with the id as the tie-break (db/keyset-sort.ts). */
const SORT_KEYS = {
  lastActivityAt: { key: sql`${supportTickets.lastActivityAt}`, cast: 'timestamptz' },
  createdAt: { key: sql`${supportTickets.createdAt}`, cast: 'timestamptz' },
  priority: { key: priorityRank, cast: 'integer' },
  number: { key: sql`${supportTickets.number}`, cast: 'integer' },
} satisfies Record<string, SortKey>;

export const sortOf = (sort: TicketSort) =>
  keysetSort(SORT_KEYS, sort, { column: supportTickets.id, cast: 'uuid' });

const assigneeName = staffNameOf(staffUsers);

function ticketRows(
  db: Executor,
  options: { where?: SQL; order: SQL[]; limit: number; offset?: number; cursor?: SQL<string> },
) {
  return db
    .select({
      ticket: supportTickets,
      customerId: customers.id,
      companyName: sql<string>`coalesce(${customers.companyName}, ${supportTickets.visitorName})`,
      customerEmail: sql<string>`coalesce(${customers.email}, ${supportTickets.visitorEmail})`,
      assigneeId: staffUsers.id,
      assigneeName,
      assigneeEmail: staffUsers.email,
      cursor: options.cursor ?? sql<string>`''`,
    })
    .from(supportTickets)
    .leftJoin(customers, eq(customers.id, supportTickets.customerId))
    .leftJoin(staffUsers, eq(staffUsers.id, supportTickets.assignedToStaffId))
    .where(options.where)
    .orderBy(...options.order)
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

type Row = Awaited<ReturnType<typeof ticketRows>>[number];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toStaffTicket(row: Row): StaffTicket {
  const t = row.ticket;
  return {
    ...ticketSummaryOf(t),
    customer: { id: row.customerId, companyName: row.companyName, email: row.customerEmail },
    fromVisitor: t.customerId === null,
    assignee:
      row.assigneeId && row.assigneeEmail
        ? { id: row.assigneeId, name: row.assigneeName ?? row.assigneeEmail, email: row.assigneeEmail }
        : null,
    firstResponseAt: iso(t.firstResponseAt),
    resolvedAt: iso(t.resolvedAt),
    closedAt: iso(t.closedAt),
  };
}

/** The totals' assignee key: '' for unassigned, else the id as uuid::text spells it (lowercase). */
const assigneeKey = (assignee: string) => (assignee === 'unassigned' ? '' : assignee.toLowerCase());

/**
 * How many tickets the filters match. Without a search, from the kept totals (support_ticket_totals,
 * migration 0025: one row per category, status, priority and assignee, kept in each ticket's own
 * transaction), exact and a few rows whatever the number of tickets; a search is counted from the rows,
 * up to a cap past the page (db/bounded-count.ts).
 */
async function countTickets(db: Db, query: StaffTicketListQuery) {
  if (query.search) return countUpTo(db, supportTickets, ticketFilter(query), searchCountCap(query));
  const k = supportTicketTotals;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${k.tickets}), 0)::float8`.mapWith(Number) })
    .from(k)
    .where(
      and(
        query.status ? eq(k.status, query.status) : undefined,
        query.priority ? eq(k.priority, query.priority) : undefined,
        query.category ? eq(k.category, query.category) : undefined,
        query.assignee ? eq(k.assignee, assigneeKey(query.assignee)) : undefined,
      ),
    );
  return { total: row?.n ?? 0, capped: false };
}

export async function listTickets(db: Db, query: StaffTicketListQuery) {
  const [rows, count] = await Promise.all([
    ticketRows(db, {
      where: ticketFilter(query),
      order: sortOf(query.sort).order,
      limit: query.pageSize,
      offset: pageOffset(query),
    }),
    countTickets(db, query),
  ]);
  return toPage(query, rows.map(toStaffTicket), count);
}

/** One ticket with its whole thread, internal notes included: staff routes only. */
export async function staffTicketDetail(db: Db, id: string): Promise<StaffTicketDetail> {
  const [row] = await ticketRows(db, { where: eq(supportTickets.id, id), order: [], limit: 1 });
  if (!row) throw notFound('Ticket not found');
  const messages = await db
    .select({
      id: supportTicketMessages.id,
      author: supportTicketMessages.authorType,
      staffName: staffNameOf(staffUsers),
      internal: supportTicketMessages.internal,
      body: supportTicketMessages.body,
      createdAt: supportTicketMessages.createdAt,
    })
    .from(supportTicketMessages)
    .leftJoin(staffUsers, eq(staffUsers.id, supportTicketMessages.staffUserId))
    .where(eq(supportTicketMessages.ticketId, id))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  return {
    ...toStaffTicket(row),
    description: row.ticket.description,
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author === 'staff' ? 'staff' : 'customer',
      authorName: m.author === 'staff' ? (m.staffName ?? 'Former staff member') : row.companyName,
      internal: m.internal,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** Staff whose role opens the support tab, by name: who a ticket may be given to. */
export async function ticketAssignees(db: Db) {
  const rows = await db
    .select({ id: staffUsers.id, name: staffNameOf(staffUsers), email: staffUsers.email })
    .from(staffUsers)
    .where(inArray(staffUsers.role, SUPPORT_ROLES))
    .orderBy(asc(staffNameOf(staffUsers)), asc(staffUsers.id));
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.email, email: r.email }));
}

/** Rows read per query: a batch's memory stays small however many tickets match. */
export const EXPORT_BATCH = 1000;

const COLUMNS: CsvColumn<StaffTicket>[] = [
  ['Number', (t) => t.number],
  ['Subject', (t) => t.subject],
  ['Category', (t) => TICKET_CATEGORY_LABELS[t.category]],
  ['Status', (t) => TICKET_STATUS_LABELS[t.status]],
  ['Priority', (t) => TICKET_PRIORITY_LABELS[t.priority]],
  ['Customer', (t) => t.customer.companyName],
  ['Customer Email', (t) => t.customer.email],
  ['From Visitor', (t) => (t.fromVisitor ? 'Yes' : 'No')],
  ['Assignee', (t) => t.assignee?.name],
  ['Created', (t) => t.createdAt],
  ['Last Activity', (t) => t.lastActivityAt],
  ['First Response', (t) => t.firstResponseAt],
  ['Resolved', (t) => t.resolvedAt],
  ['Closed', (t) => t.closedAt],
  ['Ticket ID', (t) => t.id],
];

/**
 * Every ticket the filters match, in the list's order, as CSV in pieces read by keyset (the payments
 * export's way): no transaction stays open while the client reads. Formula-like cells are neutralised.
 * Thread messages are not exported: the file is a register of tickets, not their conversations.
 */
export async function* ticketsCsv(db: Db, query: StaffTicketExportQuery, batch = EXPORT_BATCH) {
  yield* keysetCsv(COLUMNS, {
    sort: sortOf(query.sort),
    filter: ticketFilter(query),
    rows: (read) => ticketRows(db, read),
    positionOf: (row) => ({ cursor: row.cursor, id: row.ticket.id }),
    itemOf: toStaffTicket,
    batch,
  });
}
