import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LifeBuoyIcon } from 'lucide-react';
import {
  staffTicketListQuery,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  type StaffTicket,
} from '@shared/contracts/support';
import { TICKET_STATUSES } from '@shared/statuses';
import type { Column } from '@client/components/list/columns';
import { ListSection, statusFilter, type ListFilterSpec } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { OpenTicketButton, TicketTitle } from '@client/components/ticket-title';
import { Badge } from '@client/components/ui/badge';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { assigneesQuery, ticketExportUrl, ticketsQuery } from './api';
import {
  assigneeOptions,
  CATEGORY_OPTIONS,
  PRIORITY_OPTIONS,
  PriorityBadge,
  STATUS_OPTIONS,
  StatusBadge,
  UNASSIGNED,
} from './support-format';
import { TicketDialog } from './ticket-dialog';
import { ExportLink } from '@client/components/export-link';

const isAssignee = (value: string) => value === UNASSIGNED || /^[0-9a-f-]{36}$/i.test(value);

const TICKET_LIST = {
  sorts: TICKET_SORTS,
  defaultSort: '-lastActivityAt',
  filters: {
    status: TICKET_STATUSES,
    priority: TICKET_PRIORITIES,
    category: TICKET_CATEGORIES,
    assignee: isAssignee,
  },
  pageSize: 25,
} as const;

/** The tickets' filters: status, priority, category, and who the ticket is assigned to. */
function ticketFilters(
  assignees: Parameters<typeof assigneeOptions>[0],
): ListFilterSpec<'status' | 'priority' | 'category' | 'assignee'>[] {
  return [
    statusFilter(STATUS_OPTIONS, 'sm:w-36'),
    {
      name: 'priority',
      label: 'Filter by priority',
      allLabel: 'All priorities',
      options: PRIORITY_OPTIONS,
      className: 'sm:w-36',
    },
    {
      name: 'category',
      label: 'Filter by category',
      allLabel: 'All categories',
      options: CATEGORY_OPTIONS,
      className: 'sm:w-40',
    },
    {
      name: 'assignee',
      label: 'Filter by assignee',
      allLabel: 'Anyone',
      options: assigneeOptions(assignees),
      className: 'sm:w-40',
    },
  ];
}

/** The ticket list: filters, search, sort and paging on the server; a row opens its ticket. */
export function TicketsTab() {
  const state = useListState(TICKET_LIST);
  const query = staffTicketListQuery.parse(state.query);
  const list = useQuery(ticketsQuery(query));
  const staff = useQuery(assigneesQuery);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <section aria-labelledby="tickets-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="tickets-heading" className="text-lg font-semibold">
          Tickets
          {list.data ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground" data-testid="tickets-total">
              {list.data.total.toLocaleString()}
              {list.data.totalCapped ? '+' : ''} {list.data.total === 1 ? 'ticket' : 'tickets'}
            </span>
          ) : null}
        </h2>
        <ExportLink href={ticketExportUrl(query)} className="shrink-0" />
      </div>
      <ListSection
        state={state}
        query={list}
        noun="tickets"
        toolbar={{
          className: 'flex-wrap',
          search: {
            label: 'Search tickets',
            placeholder: 'Subject, customer or #number',
            className: 'sm:flex-[1_1_16rem]',
          },
          filters: ticketFilters(staff.data ?? []),
          clear: true,
        }}
        empty={{
          icon: LifeBuoyIcon,
          text: 'Tickets appear here when customers open them from their portal.',
        }}
        label="Support tickets"
        columns={TICKET_COLUMNS}
        rowProps={{ 'data-testid': 'ticket-row' }}
        actions={(t) => <OpenTicketButton ticket={t} onOpen={setOpen} />}
        pager={{ label: 'Ticket pages', noun: ['ticket', 'tickets'] }}
      />
      {open ? <TicketDialog key={open} id={open} onOpenChange={(o) => !o && setOpen(null)} /> : null}
    </section>
  );
}

const TICKET_COLUMNS: readonly Column<StaffTicket>[] = [
  {
    key: 'ticket',
    label: 'Ticket',
    sort: 'number',
    cell: (t) => <TicketTitle ticket={t} />,
  },
  {
    key: 'customer',
    label: 'Customer',
    from: '3xl',
    cellClassName: 'max-w-64',
    cell: (t) => (
      <span className="flex flex-col">
        <span>
          {t.customer.companyName}
          {t.fromVisitor ? (
            <Badge variant="outline" className="ml-1.5" title="Sent from the landing page's contact form">
              Visitor
            </Badge>
          ) : null}
        </span>
        <span className="break-all text-muted-foreground">{t.customer.email}</span>
      </span>
    ),
  },
  { key: 'status', label: 'Status', from: 'md', cell: (t) => <StatusBadge status={t.status} /> },
  {
    key: 'priority',
    label: 'Priority',
    sort: 'priority',
    from: 'lg',
    cell: (t) => <PriorityBadge priority={t.priority} />,
  },
  {
    key: 'assignee',
    label: 'Assignee',
    from: '5xl',
    cell: (t) => t.assignee?.name ?? <span className="text-muted-foreground">Unassigned</span>,
    narrow: (t) => (t.assignee ? `Assigned to ${t.assignee.name}` : 'Unassigned'),
  },
  {
    key: 'lastActivity',
    label: 'Last activity',
    sort: 'lastActivityAt',
    newestFirst: true,
    from: '4xl',
    cellClassName: 'whitespace-nowrap',
    cell: (t) => formatStaffDateTime(t.lastActivityAt),
    narrow: false,
  },
];
