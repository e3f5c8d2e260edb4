import {
  billingSettings,
  billingSettingsSaved,
  generateMonthlyResult,
  invoicePage,
  paymentRequestPage,
  paymentRequestSent,
  subscriptionPage,
  trialActionPage,
  type AdminInvoiceListQuery,
  type BillingSettings,
  type PaymentRequestInput,
  type PaymentRequestListQuery,
  type SubscriptionListQuery,
  type TrialActionQuery,
} from '@shared/contracts/billing-admin';
import { apiJson, apiMutation, pagedQuery, endpointQuery } from '@client/lib/calls';

/*
 * The calls of Billing Management and Invoicing (docs/billing-admin.md). Invoices, payment
 * requests and subscriptions move together: a request paid or an invoice generated shows in each.
 */

export const invoicesKey = ['/api/admin/invoices'] as const;
export const billingSettingsKey = ['/api/admin/billing-settings'] as const;

export const subscriptionsQuery = (query: SubscriptionListQuery) =>
  pagedQuery(['/api/admin/subscriptions'], subscriptionPage, query);

export const trialActionQuery = (query: TrialActionQuery) =>
  pagedQuery(['/api/admin/subscriptions/trial-action'], trialActionPage, query);

export const paymentRequestsQuery = (query: PaymentRequestListQuery) =>
  pagedQuery(['/api/admin/payment-requests'], paymentRequestPage, query);

export const invoicesQuery = (query: AdminInvoiceListQuery) => pagedQuery(invoicesKey, invoicePage, query);

export const billingSettingsQuery = endpointQuery(billingSettingsKey, billingSettings);

export const useGenerateMonthlyInvoices = apiMutation(() =>
  apiJson('POST', '/api/admin/invoices/generate-monthly', generateMonthlyResult),
);

export const useCreateSubscriptionRequest = apiMutation((customerId: string) =>
  apiJson('POST', '/api/admin/create-subscription-request', paymentRequestSent, { customerId }),
);

export const useSendPaymentRequest = apiMutation((input: PaymentRequestInput) =>
  apiJson('POST', '/api/admin/send-payment-request', paymentRequestSent, input),
);

export const useSaveBillingSettings = apiMutation((input: BillingSettings) =>
  apiJson('PUT', billingSettingsKey[0], billingSettingsSaved, input),
);
