import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, LifeBuoyIcon } from 'lucide-react';
import {
  staffTicketListQuery,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  type StaffTicket,
  type TicketSort,
} from '@shared/contracts/support';
import { TICKET_STATUSES } from '@shared/statuses';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListFilter } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { SortHeader } from '@client/components/list/sort-header';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Button } from '@client/components/ui/button';
import { Badge } from '@client/components/ui/badge';
import { TableRow } from '@client/components/ui/table';
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

/** The ticket list: filters, search, sort and paging on the server; a row opens its ticket. */
export function TicketsTab() {
  const state = useListState(TICKET_LIST);
  const query = staffTicketListQuery.parse(state.query);
  const list = useQuery(ticketsQuery(query));
  const staff = useQuery(assigneesQuery);
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <section aria-labelledby="tickets-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="tickets-heading" className="text-lg font-semibold">
          Tickets
          {list.data ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground" data-testid="tickets-total">
              {list.data.total.toLocaleString()} {list.data.total === 1 ? 'ticket' : 'tickets'}
            </span>
          ) : null}
        </h2>
        <Button variant="outline" asChild className="shrink-0">
          <a href={ticketExportUrl(query)} download>
            <DownloadIcon aria-hidden="true" />
            Export
          </a>
        </Button>
      </div>
      <ListToolbar
        className="flex-wrap"
        search={{
          state,
          label: 'Search tickets',
          placeholder: 'Subject, customer or #number',
          className: 'sm:flex-[1_1_16rem]',
        }}
        clear={state}
      >
        <ListFilter
          state={state}
          name="status"
          label="Filter by status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          className="sm:w-36"
        />
        <ListFilter
          state={state}
          name="priority"
          label="Filter by priority"
          allLabel="All priorities"
          options={PRIORITY_OPTIONS}
          className="sm:w-36"
        />
        <ListFilter
          state={state}
          name="category"
          label="Filter by category"
          allLabel="All categories"
          options={CATEGORY_OPTIONS}
          className="sm:w-40"
        />
        <ListFilter
          state={state}
          name="assignee"
          label="Filter by assignee"
          allLabel="Anyone"
          options={assigneeOptions(staff.data ?? [])}
          className="sm:w-40"
        />
      </ListToolbar>
      <ListBody
        query={list}
        noun="tickets"
        isFiltered={state.isFiltered}
        onClearFilters={state.clearFilters}
        empty={{
          icon: LifeBuoyIcon,
          title: 'No tickets yet',
          text: 'Tickets appear here when customers open them from their portal.',
        }}
      >
        {(page) => (
          <TicketTable items={page.items} sort={query.sort} onSort={state.setSort} onOpen={setOpen} />
        )}
      </ListBody>
      <ListStatePager state={state} query={list} label="Ticket pages" noun={['ticket', 'tickets']} />
      {open ? <TicketDialog key={open} id={open} onOpenChange={(o) => !o && setOpen(null)} /> : null}
    </section>
  );
}

function TicketTable({
  items,
  sort,
  onSort,
  onOpen,
}: {
  items: readonly StaffTicket[];
  sort: TicketSort;
  onSort: (sort: TicketSort) => void;
  onOpen: (id: string) => void;
}) {
  return (
    <ListTable
      label="Support tickets"
      actions
      head={
        <>
          <SortHeader field="number" label="Ticket" sort={sort} onSort={onSort} />
          <ListHead from="3xl">Customer</ListHead>
          <ListHead from="md">Status</ListHead>
          <SortHeader field="priority" label="Priority" sort={sort} onSort={onSort} from="lg" />
          <ListHead from="5xl">Assignee</ListHead>
          <SortHeader
            field="lastActivityAt"
            label="Last activity"
            sort={sort}
            onSort={onSort}
            from="4xl"
            newestFirst
          />
        </>
      }
    >
      {items.map((t) => {
        const customer = (
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
        );
        return (
          <TableRow key={t.id} data-testid="ticket-row">
            <ListCell>
              <span className="flex flex-col">
                <span className="text-muted-foreground">
                  #{t.number} · {TICKET_CATEGORY_LABELS[t.category]}
                </span>
                <span className="font-medium">{t.subject}</span>
              </span>
              <NarrowDetails until="5xl">
                <NarrowItem until="3xl">{customer}</NarrowItem>
                <NarrowItem until="md">
                  <StatusBadge status={t.status} />
                </NarrowItem>
                <NarrowItem until="lg">
                  <PriorityBadge priority={t.priority} />
                </NarrowItem>
                <NarrowItem until="5xl">
                  {t.assignee ? `Assigned to ${t.assignee.name}` : 'Unassigned'}
                </NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell from="3xl" className="max-w-64">
              {customer}
            </ListCell>
            <ListCell from="md">
              <StatusBadge status={t.status} />
            </ListCell>
            <ListCell from="lg">
              <PriorityBadge priority={t.priority} />
            </ListCell>
            <ListCell from="5xl">
              {t.assignee?.name ?? <span className="text-muted-foreground">Unassigned</span>}
            </ListCell>
            <ListCell from="4xl" className="whitespace-nowrap">
              {formatStaffDateTime(t.lastActivityAt)}
            </ListCell>
            <ListCell className="text-right">
              <Button
                variant="outline"
                size="sm"
                onClick={() => onOpen(t.id)}
                aria-label={`Open ticket #${t.number}`}
              >
                Open
              </Button>
            </ListCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
