import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { dashboardStats } from '@shared/contracts/dashboard';
import {
  financialAnalytics,
  paymentPage,
  paymentProviderInfo,
  refundResult,
  retryResult,
  type PaymentExportQuery,
  type PaymentListQuery,
  type RefundInput,
} from '@shared/contracts/staff-payments';
import { apiJson, getJson, searchParams, apiMutation } from '@client/lib/calls';

/*
 * The calls of the Overview and Transactions sub-tabs and the header's actions (docs/staff-payments.md).
 * Keys start with `['staff-payments']`, so a refund or a retry refreshes every list and figure by it.
 */

export const staffPaymentsKey = ['staff-payments'] as const;

const PAYMENTS = '/api/admin/payments';
const enc = encodeURIComponent;

/** One page of payments, filtered, searched and sorted on the server. */
export const paymentsQuery = (query: PaymentListQuery) =>
  queryOptions({
    queryKey: [...staffPaymentsKey, 'list', query],
    queryFn: (context) => getJson(`${PAYMENTS}?${searchParams(query)}`, paymentPage, context),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/payments/export?...`: a plain link, so the browser streams the CSV to a file. */
export function paymentsExportUrl(query: Partial<PaymentExportQuery>): string {
  const qs = searchParams({ status: query.status, search: query.search, sort: query.sort });
  return `${PAYMENTS}/export${qs ? `?${qs}` : ''}`;
}

/** `GET /api/admin/stats`: total revenue, failed payments and customers for the Overview's tiles. */
export const paymentStatsQuery = queryOptions({
  queryKey: [...staffPaymentsKey, 'stats'],
  queryFn: (context) => getJson('/api/admin/stats', dashboardStats, context),
});

/** `GET /api/admin/financial-analytics`. */
export const financialAnalyticsQuery = queryOptions({
  queryKey: [...staffPaymentsKey, 'financial-analytics'],
  queryFn: (context) => getJson('/api/admin/financial-analytics', financialAnalytics, context),
});

/** `GET /api/admin/stripe-metrics` (Revenue's MRR, the same definition): only `mrr` is read here. */
const stripeMetrics = z.object({ mrr: z.number() });
export const stripeMetricsQuery = queryOptions({
  queryKey: [...staffPaymentsKey, 'stripe-metrics'],
  queryFn: (context) => getJson('/api/admin/stripe-metrics', stripeMetrics, context),
});

/** `GET /api/admin/payment-provider`: which provider, and whether its webhooks are set up. */
export const paymentProviderQuery = queryOptions({
  queryKey: [...staffPaymentsKey, 'provider'],
  queryFn: (context) => getJson('/api/admin/payment-provider', paymentProviderInfo, context),
  staleTime: 5 * 60_000,
});

/** `POST /api/admin/payments/:id/refund`: the dialog's `requestKey` makes a double submit one refund. */
export const useRefundPayment = apiMutation(({ id, input }: { id: string; input: RefundInput }) =>
  apiJson('POST', `${PAYMENTS}/${enc(id)}/refund`, refundResult, input),
);

/** `POST /api/admin/payments/:id/retry`: a charge on the card on file, or a new payment link. */
export const useRetryPayment = apiMutation((id: string) =>
  apiJson('POST', `${PAYMENTS}/${enc(id)}/retry`, retryResult, {}),
);
