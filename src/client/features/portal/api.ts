import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { createCustomerSessionResponse } from '@shared/contracts/auth';
import { successResponse } from '@shared/contracts/common';
import { planList } from '@shared/contracts/plans';
import {
  billingInfo,
  cancelResponse,
  crmLinkResponse,
  customerProfile,
  invoicePage,
  latestInvoiceResponse,
  paymentHistoryResponse,
  planChangePreview,
  planChangeResponse,
  resumeResponse,
  saveSettingsResponse,
  type BillingAddressInput,
  type CustomerSettings,
} from '@shared/contracts/portal';
import { apiJson, getJson, apiMutation, apiMutationOf, apiRequest } from '@client/lib/calls';
import { settingsKey } from '@client/lib/customer-settings';

/*
 * The portal's calls (docs/customer-portal.md). Every answer is parsed with its contract; what a
 * change makes stale follows from the server's answer (the freshness model, docs/client-kit.md).
 */

export type Invoice = z.infer<typeof invoicePage>['items'][number];
export type PaymentHistory = z.infer<typeof paymentHistoryResponse>;
export type PaymentHistoryItem = PaymentHistory['payments'][number];
export type SaveSettingsAnswer = z.infer<typeof saveSettingsResponse>;
export type SaveKind = 'auto' | 'manual';
type Paging = { page: number; pageSize: number };

const profileKey = ['/api/customer/profile'] as const;
const enc = encodeURIComponent;
const paging = ({ page, pageSize }: Paging) =>
  new URLSearchParams({ page: String(page), pageSize: String(pageSize) });

export const billingInfoKey = ['/api/customer/billing-info'] as const;
export const plansKey = ['/api/plans'] as const;
export const invoicesKey = ['/api/customer/invoices'] as const;
export const paymentHistoryKey = ['/api/customer/payment-history'] as const;
export const crmLinkKey = ['/api/fleet/crm-link'] as const;

/** Transactions and invoices shown per page in the "View All" dialogs. */
export const HISTORY_PAGE_SIZE = 20;
/** Recent Transactions on the billing tab. */
export const RECENT_TRANSACTIONS = 5;

/**
 * GET /api/customer/profile/{email}. No fixed cache time: it follows the freshness model
 * (docs/client-kit.md): the vehicle count moves as soon as the fleet app adds one.
 */
export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: [...profileKey, { email }],
    queryFn: (context) => getJson(`${profileKey[0]}/${enc(email)}`, customerProfile, context),
  });

/** GET /api/customer/billing-info, retried twice on failure (no fixed cache time: see profileQuery). */
export const billingInfoQuery = queryOptions({
  queryKey: billingInfoKey,
  queryFn: (context) => getJson(billingInfoKey[0], billingInfo, context),
  retry: 2,
});

/** GET /api/plans: the active plans, cheapest first. */
export const portalPlansQuery = queryOptions({
  queryKey: plansKey,
  queryFn: (context) => getJson(plansKey[0], planList, context),
  select: (plans) => plans.filter((p) => p.active).sort((a, b) => a.price - b.price),
});

/** GET /api/customer/invoices?page=&pageSize=: newest first. */
export const invoicesQuery = (params: Paging) =>
  queryOptions({
    queryKey: [...invoicesKey, params],
    queryFn: (context) => getJson(`${invoicesKey[0]}?${paging(params)}`, invoicePage, context),
    placeholderData: keepPreviousData,
  });

/** GET /api/customer/payment-history/{email}?page=&pageSize=: newest first. */
export const paymentHistoryQuery = (email: string, params: Paging) =>
  queryOptions({
    queryKey: [...paymentHistoryKey, { email, ...params }],
    queryFn: (context) =>
      getJson(`${paymentHistoryKey[0]}/${enc(email)}?${paging(params)}`, paymentHistoryResponse, context),
    placeholderData: keepPreviousData,
  });

/** GET /api/customer/latest-invoice/{email}: where the newest invoice's PDF is. */
export function fetchLatestInvoice(email: string) {
  return getJson(`/api/customer/latest-invoice/${enc(email)}`, latestInvoiceResponse);
}

/**
 * GET /api/fleet/crm-link: the configured external fleet CRM, or the built-in fleet app (docs/fleet-crm.md
 * "The two directions").
 */
export const crmLinkQuery = queryOptions({
  queryKey: crmLinkKey,
  queryFn: (context) => getJson(crmLinkKey[0], crmLinkResponse, context),
});

/**
 * POST /api/customer/upgrade-plan: applies at once and charges the prorated difference, exactly the
 * `expectedAmount` its preview showed (or refuses with 409 `amount_changed` and the new amount).
 */
export const useUpgradePlan = apiMutationOf(
  (email: string) =>
    ({ planId, expectedAmount }: { planId: string; expectedAmount?: number }) =>
      apiJson('POST', '/api/customer/upgrade-plan', planChangeResponse, {
        planId,
        email,
        ...(expectedAmount === undefined ? {} : { expectedAmount }),
      }),
);

/** POST /api/customer/downgrade-plan: scheduled for the end of the period. */
export const useDowngradePlan = apiMutationOf(
  (email: string) => (planId: string) =>
    apiJson('POST', '/api/customer/downgrade-plan', planChangeResponse, { planId, email }),
);

/** POST /api/customer/cancel-subscription: access continues to the end of the period. */
export const useCancelSubscription = apiMutationOf(
  (email: string) => () => apiJson('POST', '/api/customer/cancel-subscription', cancelResponse, { email }),
);

/** POST /api/customer/update-billing-email. */
export const useUpdateBillingEmail = apiMutationOf(
  (email: string) => (newBillingEmail: string) =>
    apiJson('POST', '/api/customer/update-billing-email', successResponse, { email, newBillingEmail }),
);

/** POST /api/customer/update-billing-address. */
export const useUpdateBillingAddress = apiMutationOf(
  (email: string) => (address: BillingAddressInput) =>
    apiJson('POST', '/api/customer/update-billing-address', successResponse, { email, address }),
);

/** POST /api/customer/add-payment-method {paymentMethodId, setAsDefault: true}. */
export const useAddPaymentMethod = apiMutation((paymentMethodId: string) =>
  apiJson('POST', '/api/customer/add-payment-method', successResponse, {
    paymentMethodId,
    setAsDefault: true,
  }),
);

/** DELETE /api/customer/payment-methods/{id}. */
export const useRemovePaymentMethod = apiMutation((id: string) =>
  apiJson('DELETE', `/api/customer/payment-methods/${enc(id)}`, successResponse),
);

/** POST /api/customer/payment-methods/{id}/set-default. */
export const useSetDefaultPaymentMethod = apiMutation((id: string) =>
  apiJson('POST', `/api/customer/payment-methods/${enc(id)}/set-default`, successResponse, {}),
);

/**
 * PUT /api/customer/settings/{email} with every setting plus autoSaved or manualSave. With
 * `keepalive` (leaving the tab or the page with a change still waiting) the save outlives the page.
 */
export function saveCustomerSettings(
  email: string,
  settings: CustomerSettings,
  kind: SaveKind,
  options: { keepalive?: boolean } = {},
): Promise<SaveSettingsAnswer> {
  const body = { ...settings, ...(kind === 'auto' ? { autoSaved: true } : { manualSave: true }) };
  return apiJson('PUT', `${settingsKey[0]}/${enc(email)}`, saveSettingsResponse, body, options);
}

/** GET /api/customer/data-export: the JSON file and the name the server gave it. */
export async function downloadCustomerData(): Promise<{ blob: Blob; filename: string }> {
  const res = await apiRequest('GET', '/api/customer/data-export');
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'motorpool-data.json';
  const blob = await res.blob();
  return { blob: new Blob([blob], { type: 'application/json' }), filename };
}

/** POST /api/customer/delete-account {password}: 400 with errors.password when it is wrong. */
export const useDeleteAccount = apiMutation((password: string) =>
  apiJson('POST', '/api/customer/delete-account', successResponse, { password }),
);

/**
 * Auto-login from the fleet CRM: POST /api/auth/create-customer-session (which sets the session
 * cookie). A refusal is an `ApiError` whose `errorType` says why (`AUTO_LOGIN_FAILURES`).
 */
export async function autoLogin(token: string, email: string, tab: string | null) {
  // One call: the server checks the token (with the fleet CRM, or its own sessions) before it makes
  // the session, so the session never rests on this page's word, and a single-use CRM token is
  // presented once.
  await apiJson('POST', '/api/auth/create-customer-session', createCustomerSessionResponse, {
    user: { email, token },
    ...(tab ? { tab } : {}),
  });
  return { email };
}

/*
 * Issue 9: a plan change's numbers before it is made, and taking a cancellation back.
 */

export const planChangePreviewKey = ['/api/customer/preview-plan-change'] as const;

/**
 * POST /api/customer/preview-plan-change: what an upgrade charges today (the server's own figure,
 * from the function that charges) or when a downgrade applies. Always fresh; a refusal (4xx) is
 * the answer, not a hiccup, so it is not retried.
 */
export const planChangePreviewQuery = (email: string, planId: string) =>
  queryOptions({
    queryKey: [...planChangePreviewKey, { email, planId }],
    queryFn: () => apiJson('POST', planChangePreviewKey[0], planChangePreview, { planId, email }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** POST /api/customer/resume-subscription: the subscription renews again. */
export const useResumeSubscription = apiMutationOf(
  (email: string) => () => apiJson('POST', '/api/customer/resume-subscription', resumeResponse, { email }),
);
