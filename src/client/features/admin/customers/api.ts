import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { successResponse } from '@shared/contracts/common';
import { planList } from '@shared/contracts/plans';
import { planChangePreview, planChangeResponse } from '@shared/contracts/portal';
import {
  customerPage,
  customerSaved,
  customerPasswordSent,
  customerStats,
  staffCustomerEdit,
  type CustomerExportQuery,
  type CustomerForm,
  type CustomerListQuery,
} from '@shared/contracts/staff-customers';
import { apiJson, getJson, searchParams, apiMutation } from '@client/lib/calls';

/*
 * Every call of the staff customer screens (the customers tab, the fleet control center's Customer Fleet
 * and the customer dialogs). Keys start with `['staff-customers']`. What refetches after a change is
 * decided by the data domains the server names (docs/client-kit.md "Freshness"), not by these keys.
 */

/** The root of every staff customer query (the list, its figures, an open customer). */
export const staffCustomersKey = ['staff-customers'] as const;
const listKey = [...staffCustomersKey, 'list'] as const;
const statsKey = [...staffCustomersKey, 'stats'] as const;
const detailKey = [...staffCustomersKey, 'detail'] as const;

/** `GET /api/plans`, under a key of its own (the plans manager keeps the unfiltered list). */
const plansKey = ['/api/plans'] as const;

const ADMIN_CUSTOMERS = '/api/admin/customers';
const enc = encodeURIComponent;
const customerUrl = (id: string) => `${ADMIN_CUSTOMERS}/${enc(id)}`;

/**
 * Where a list reads: the customers tab calls `GET /api/admin/customers` (the customers tab's access),
 * the fleet control center `GET /api/customers` (the fleet tab's). Same query, same answer.
 */
export type CustomerListSource = 'customers' | 'fleet';
const LIST_URL: Record<CustomerListSource, string> = {
  customers: ADMIN_CUSTOMERS,
  fleet: '/api/customers',
};

/** One page of customers, searched, filtered and sorted on the server. */
export const customersQuery = (query: CustomerListQuery, source: CustomerListSource = 'customers') =>
  queryOptions({
    queryKey: [...listKey, source, query],
    queryFn: (context) => getJson(`${LIST_URL[source]}?${searchParams(query)}`, customerPage, context),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/customers/stats`: figures over every customer, never a sum over one page. */
export const customerStatsQuery = queryOptions({
  queryKey: statsKey,
  queryFn: (context) => getJson(`${ADMIN_CUSTOMERS}/stats`, customerStats, context),
});

/**
 * `GET /api/admin/customers/:id` for the edit dialog: with the temporary password while the customer
 * has not set their own. Asked afresh each time the dialog opens (the customer may have just set it)
 * and dropped once it closes, so the password is not kept in memory.
 */
export const customerDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...detailKey, id],
    queryFn: (context) => getJson(customerUrl(id), staffCustomerEdit, context),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The plans a customer can be put on: `GET /api/plans`, active ones only, cheapest first. Its own key
 * under the plans root (the plans manager keeps the unfiltered list under another).
 */
export const customerPlansQuery = queryOptions({
  queryKey: [...plansKey, { forCustomers: true }],
  queryFn: (context) => getJson(plansKey[0], planList, context),
  select: (plans) => plans.filter((p) => p.active).sort((a, b) => a.price - b.price),
});

/** `GET /api/admin/customers/export?...`: a plain link, so the browser streams the CSV to a file. */
export function customerExportUrl(query: CustomerExportQuery): string {
  const qs = searchParams({ search: query.search, status: query.status, risk: query.risk, sort: query.sort });
  return `${ADMIN_CUSTOMERS}/export${qs ? `?${qs}` : ''}`;
}

/** `POST /api/admin/customers`: an empty password makes the server generate a temporary one. */
export const useCreateCustomer = apiMutation((input: CustomerForm) =>
  apiJson('POST', ADMIN_CUSTOMERS, customerSaved, input),
);

/** `PUT /api/admin/customers/:id`: an empty password keeps the current one. */
export const useUpdateCustomer = apiMutation(({ id, input }: { id: string; input: CustomerForm }) =>
  apiJson('PUT', customerUrl(id), customerSaved, input),
);

/** `POST /api/admin/customers/:id/send-password`: a new temporary password, by email to the owner. */
export const useSendCustomerPassword = apiMutation((id: string) =>
  apiJson('POST', `${customerUrl(id)}/send-password`, customerPasswordSent, {}),
);

/** `POST /api/admin/customers/:id/suspend`: the customer cannot sign in or use the API until reactivated. */
export const useSuspendCustomer = apiMutation((id: string) =>
  apiJson('POST', `${customerUrl(id)}/suspend`, successResponse, {}),
);

/** `POST /api/admin/customers/:id/reactivate`. */
export const useReactivateCustomer = apiMutation((id: string) =>
  apiJson('POST', `${customerUrl(id)}/reactivate`, successResponse, {}),
);

/** `DELETE /api/admin/customers/:id`: fleet, sessions, team and settings go; payments stay for the books. */
export const useDeleteCustomer = apiMutation((id: string) =>
  apiJson('DELETE', customerUrl(id), successResponse),
);

/**
 * `POST /api/admin/customers/:id/preview-plan-change`: what moving a paying customer to `planId` would
 * charge today and from when, by billing's own rule. Asked afresh for every confirmation, never cached:
 * the amount moves with the clock.
 */
export const customerPlanChangePreviewQuery = (id: string, planId: string) =>
  queryOptions({
    queryKey: [...staffCustomersKey, 'plan-change-preview', id, planId],
    queryFn: () => apiJson('POST', `${customerUrl(id)}/preview-plan-change`, planChangePreview, { planId }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    enabled: planId !== '',
  });

/**
 * `POST /api/admin/customers/:id/change-plan` with the amount the preview showed: an upgrade charges
 * exactly that (or is refused with 409 `amount_changed`), a downgrade waits for the period end.
 */
export const useChangeCustomerPlan = apiMutation(
  ({ id, planId, expectedAmount }: { id: string; planId: string; expectedAmount: number }) =>
    apiJson('POST', `${customerUrl(id)}/change-plan`, planChangeResponse, { planId, expectedAmount }),
);
