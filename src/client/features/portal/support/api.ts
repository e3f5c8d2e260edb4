import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  myTicketDetail,
  myTicketPage,
  type MyTicketListQuery,
  type NewTicketInput,
} from '@shared/contracts/support';
import { apiJson, getJson, searchParams, apiMutation, apiMutationOf } from '@client/lib/calls';

/* The portal's support calls (docs/support.md): the account's tickets and their public threads. */

const TICKETS = '/api/customer/support/tickets';
const enc = encodeURIComponent;

export const myTicketsQuery = (query: MyTicketListQuery) =>
  queryOptions({
    queryKey: [TICKETS, query],
    queryFn: (context) => getJson(`${TICKETS}?${searchParams(query)}`, myTicketPage, context),
    placeholderData: keepPreviousData,
  });

export const myTicketQuery = (id: string) =>
  queryOptions({
    queryKey: [TICKETS, 'detail', id],
    queryFn: (context) => getJson(`${TICKETS}/${enc(id)}`, myTicketDetail, context),
    // A staff reply shows without a reload while the thread is open.
    refetchInterval: 30_000,
  });

export const useOpenTicket = apiMutation((input: NewTicketInput) =>
  apiJson('POST', TICKETS, myTicketDetail, input),
);

export const useReplyToTicket = apiMutationOf(
  (id: string) => (body: string) =>
    apiJson('POST', `${TICKETS}/${enc(id)}/messages`, myTicketDetail, { body }),
);
