import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  staffTicketDetail,
  staffTicketPage,
  supportAnalytics,
  ticketAssignees,
  type StaffReplyInput,
  type StaffTicketExportQuery,
  type StaffTicketListQuery,
  type TicketUpdateInput,
} from '@shared/contracts/support';
import { apiJson, getJson, searchParams, apiMutationOf } from '@client/lib/calls';

/* The calls of the Support Center tab (docs/support.md). */

const TICKETS = '/api/admin/support/tickets';
const ANALYTICS = '/api/admin/support/analytics';
const ASSIGNEES = '/api/admin/support/assignees';
export const ticketsKey = [TICKETS] as const;
const analyticsKey = [ANALYTICS] as const;
const enc = encodeURIComponent;

/** One page of tickets, filtered, searched and sorted on the server. */
export const ticketsQuery = (query: StaffTicketListQuery) =>
  queryOptions({
    queryKey: [TICKETS, query],
    queryFn: (context) => getJson(`${TICKETS}?${searchParams(query)}`, staffTicketPage, context),
    placeholderData: keepPreviousData,
  });

/** One ticket with its whole thread (internal notes included). */
export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: [TICKETS, 'detail', id],
    queryFn: (context) => getJson(`${TICKETS}/${enc(id)}`, staffTicketDetail, context),
  });

export const assigneesQuery = queryOptions({
  queryKey: [ASSIGNEES],
  queryFn: (context) => getJson(ASSIGNEES, ticketAssignees, context),
  staleTime: 60_000,
});

export const analyticsQuery = queryOptions({
  queryKey: analyticsKey,
  queryFn: (context) => getJson(ANALYTICS, supportAnalytics, context),
});

/** `GET .../tickets/export?...`: a plain link, so the browser streams the CSV to a file. */
export function ticketExportUrl(query: Partial<StaffTicketExportQuery>): string {
  const { search, status, priority, category, assignee, sort } = query;
  const qs = searchParams({ search, status, priority, category, assignee, sort });
  return `${TICKETS}/export${qs ? `?${qs}` : ''}`;
}

export const useUpdateTicket = apiMutationOf(
  (id: string) => (input: TicketUpdateInput) =>
    apiJson('PATCH', `${TICKETS}/${enc(id)}`, staffTicketDetail, input),
);

export const useStaffReply = apiMutationOf(
  (id: string) => (input: StaffReplyInput) =>
    apiJson('POST', `${TICKETS}/${enc(id)}/messages`, staffTicketDetail, input),
);
