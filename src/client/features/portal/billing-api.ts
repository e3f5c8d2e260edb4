import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BillingAddressInput,
  BillingInfo,
  CustomerProfile,
  cancelResponse,
  invoiceView,
  paymentHistoryResponse,
  planChangeResponse,
} from '@shared/contracts/portal';
import type { successResponse } from '@shared/contracts/common';
import type { Plan } from '@shared/contracts/plans';
import { apiJsonUnchecked, readJson, throwIfResNotOk } from '@client/lib/api';
import { CUSTOMER_AUTH_QUERY_KEY, type CustomerAuthState } from './api';

/*
 * The portal's overview, plan and billing calls (spec 1 §7 "Customer portal") with the caching of
 * spec 1 §9 and the cache invalidation each change implies. Query keys start with the URL, as the
 * shared loader expects.
 */

export type PlanChangeResult = z.infer<typeof planChangeResponse>;
export type CancelResult = z.infer<typeof cancelResponse>;
export type Invoice = z.infer<typeof invoiceView>;
export type PaymentHistory = z.infer<typeof paymentHistoryResponse>;
export type PaymentHistoryItem = PaymentHistory['payments'][number];
export type InvoicePage = { items: Invoice[]; total: number; page: number; pageSize: number };
type SuccessAnswer = z.infer<typeof successResponse>;

const PROFILE_URL = '/api/customer/profile/';
export const BILLING_INFO_QUERY_KEY = ['/api/customer/billing-info'] as const;
export const PLANS_QUERY_KEY = ['/api/plans'] as const;
const INVOICES_URL = '/api/customer/invoices';
const PAYMENT_HISTORY_URL = '/api/customer/payment-history/';

/** Transactions and invoices shown per page in the "View All" dialogs. */
export const HISTORY_PAGE_SIZE = 20;
/** Recent Transactions on the billing tab (spec 1 §9). */
export const RECENT_TRANSACTIONS = 5;

const enc = encodeURIComponent;

export function profileQueryKey(email: string) {
  return [`${PROFILE_URL}${enc(email)}`] as const;
}

/** GET /api/customer/profile/{email}: cached 5 minutes (spec 1 §9). */
export function useCustomerProfile(email: string) {
  return useQuery<CustomerProfile>({
    queryKey: profileQueryKey(email),
    queryFn: ({ signal }) => fetchJson<CustomerProfile>(`${PROFILE_URL}${enc(email)}`, signal),
    staleTime: 5 * 60 * 1000,
  });
}

/** GET /api/customer/billing-info: cached 2 minutes with 2 retries (spec 1 §7, §9). */
export function useBillingInfo() {
  return useQuery<BillingInfo>({
    queryKey: BILLING_INFO_QUERY_KEY,
    queryFn: ({ signal }) => fetchJson<BillingInfo>(BILLING_INFO_QUERY_KEY[0], signal),
    staleTime: 2 * 60 * 1000,
    retry: 2,
  });
}

/** GET /api/plans: the active plans, cheapest first. */
export function usePortalPlans() {
  return useQuery<Plan[], Error, Plan[]>({
    queryKey: PLANS_QUERY_KEY,
    queryFn: ({ signal }) => fetchJson<Plan[]>(PLANS_QUERY_KEY[0], signal),
    select: (plans) => plans.filter((p) => p.active).sort((a, b) => a.price - b.price),
  });
}

/** GET /api/customer/invoices?page=&pageSize=: newest first. */
export function useInvoicePage(page: number, enabled: boolean) {
  return useQuery<InvoicePage>({
    queryKey: [INVOICES_URL, page, HISTORY_PAGE_SIZE],
    queryFn: ({ signal }) =>
      fetchJson<InvoicePage>(`${INVOICES_URL}?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
    // Invoices appear with every payment; a minute keeps the dialog's pages current without refetch storms.
    staleTime: 60 * 1000,
    enabled,
  });
}

/** GET /api/customer/payment-history/{email}?page=&pageSize=: newest first. */
export function usePaymentHistory(email: string, page: number, pageSize: number, enabled = true) {
  return useQuery<PaymentHistory>({
    queryKey: [`${PAYMENT_HISTORY_URL}${enc(email)}`, page, pageSize],
    queryFn: ({ signal }) =>
      fetchJson<PaymentHistory>(
        `${PAYMENT_HISTORY_URL}${enc(email)}?page=${page}&pageSize=${pageSize}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
    enabled,
  });
}

/** GET /api/customer/latest-invoice/{email}: where the newest invoice's PDF is. */
export function fetchLatestInvoice(email: string) {
  return apiJsonUnchecked<{ success: true; downloadUrl: string; invoiceNumber: string }>(
    'GET',
    `/api/customer/latest-invoice/${enc(email)}`,
  );
}

/** The shared loader's behaviour (spec 1 §7 error texts) for a URL built from the key. */
async function fetchJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await readJson(res)) as T;
}

function startsWithAny(prefixes: string[]) {
  return ({ queryKey }: { queryKey: readonly unknown[] }) =>
    typeof queryKey[0] === 'string' && prefixes.some((p) => (queryKey[0] as string).startsWith(p));
}

/** Everything a change to the subscription or its payments can alter. */
function invalidateBilling(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: startsWithAny([PROFILE_URL, BILLING_INFO_QUERY_KEY[0], INVOICES_URL, PAYMENT_HISTORY_URL]),
  });
}

/**
 * The session names the plan (the header's badge). It is refetched in the background: the portal keeps
 * showing the customer it knows while the check runs, so nothing on the page unmounts.
 */
function invalidateSession(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: CUSTOMER_AUTH_QUERY_KEY });
}

function updateSessionPlan(queryClient: QueryClient, planId: string, planName: string) {
  queryClient.setQueryData<CustomerAuthState>(CUSTOMER_AUTH_QUERY_KEY, (old) =>
    old?.customer ? { ...old, customer: { ...old.customer, planId, planName } } : old,
  );
}

/** POST /api/customer/upgrade-plan: applies at once and charges the prorated difference. */
export function useUpgradePlan(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) =>
      apiJsonUnchecked<PlanChangeResult>('POST', '/api/customer/upgrade-plan', { planId, email }),
    onSuccess: async (result) => {
      updateSessionPlan(queryClient, result.planId, result.planName);
      await Promise.all([invalidateBilling(queryClient), invalidateSession(queryClient)]);
    },
    // A declined card records a failed payment: the transactions list changes too.
    onError: () => invalidateBilling(queryClient),
  });
}

/** POST /api/customer/downgrade-plan: scheduled for the end of the period. */
export function useDowngradePlan(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) =>
      apiJsonUnchecked<PlanChangeResult>('POST', '/api/customer/downgrade-plan', { planId, email }),
    onSuccess: () => Promise.all([invalidateBilling(queryClient), invalidateSession(queryClient)]),
  });
}

/** POST /api/customer/cancel-subscription: access continues to the end of the period. */
export function useCancelSubscription(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJsonUnchecked<CancelResult>('POST', '/api/customer/cancel-subscription', { email }),
    onSuccess: () => Promise.all([invalidateBilling(queryClient), invalidateSession(queryClient)]),
  });
}

/** POST /api/customer/update-billing-email. */
export function useUpdateBillingEmail(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newBillingEmail: string) =>
      apiJsonUnchecked<SuccessAnswer>('POST', '/api/customer/update-billing-email', { email, newBillingEmail }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_INFO_QUERY_KEY }),
  });
}

/** POST /api/customer/update-billing-address. */
export function useUpdateBillingAddress(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: BillingAddressInput) =>
      apiJsonUnchecked<SuccessAnswer>('POST', '/api/customer/update-billing-address', { email, address }),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: startsWithAny([BILLING_INFO_QUERY_KEY[0], PROFILE_URL]) }),
  });
}

/** POST /api/customer/add-payment-method {paymentMethodId, setAsDefault: true}. */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) =>
      apiJsonUnchecked<SuccessAnswer>('POST', '/api/customer/add-payment-method', {
        paymentMethodId,
        setAsDefault: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_INFO_QUERY_KEY }),
  });
}

/** DELETE /api/customer/payment-methods/{id}. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJsonUnchecked<SuccessAnswer>('DELETE', `/api/customer/payment-methods/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_INFO_QUERY_KEY }),
  });
}

/** POST /api/customer/payment-methods/{id}/set-default. */
export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJsonUnchecked<SuccessAnswer>('POST', `/api/customer/payment-methods/${enc(id)}/set-default`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_INFO_QUERY_KEY }),
  });
}
