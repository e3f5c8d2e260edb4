import { z } from 'zod';
import { CUSTOMER_STATUSES, INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from '../statuses';
import { emailDelivery } from './email-delivery';
import { dayField, pageOf, pagedQuery, requiredText, searchField, sortField } from './common';

/**
 * Billing Management and Invoicing (Payment Management's sub-tabs: their rules, texts and constants are
 * in docs/billing-admin.md). Calls: `GET /api/admin/subscriptions` (and its
 * trial-action list), `POST /api/admin/invoices/generate-monthly`,
 * `POST /api/admin/create-subscription-request`, `POST /api/admin/send-payment-request`,
 * `GET /api/admin/payment-requests`, `GET /api/admin/invoices`, `GET /api/admin/invoices/{id}/pdf`,
 * `GET/PUT /api/admin/billing-settings`. Money in dollars, dates as ISO strings (days as YYYY-MM-DD).
 */

/** Sorts an index serves: company (customers_company_idx), period end and price. */
export const SUBSCRIPTION_SORTS = [
  'companyName',
  '-companyName',
  'currentPeriodEnd',
  '-currentPeriodEnd',
  'price',
  '-price',
] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];

export const subscriptionListQuery = pagedQuery({
  search: searchField,
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  sort: sortField(SUBSCRIPTION_SORTS, 'companyName'),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuery>;

/**
 * 'Trials requiring action' (docs/product-rules.md "Lists and figures say what their titles say"):
 * trials that end within TRIAL_ACTION_DAYS days and checkouts left pending, each with its reason.
 */
export const trialActionQuery = pagedQuery({ search: searchField });
export const TRIAL_ACTION_DAYS = 7;
export type TrialActionQuery = z.infer<typeof trialActionQuery>;

export const adminSubscription = z.object({
  subscriptionId: z.string(),
  customerId: z.string(),
  companyName: z.string(),
  email: z.string(),
  customerStatus: z.enum(CUSTOMER_STATUSES),
  planId: z.string(),
  planName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  price: z.number(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  trialEndsAt: z.string().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscription>;
export const subscriptionPage = pageOf(adminSubscription);

export const trialAction = adminSubscription.extend({
  /** trial_ending: a trial that ends within TRIAL_ACTION_DAYS days; checkout_pending: no payment yet. */
  reasonKind: z.enum(['trial_ending', 'checkout_pending']),
  /** Why the row is listed: "Trial ends in N days" or "Checkout pending since <date>". */
  reason: z.string(),
});
export type TrialAction = z.infer<typeof trialAction>;
export const trialActionPage = pageOf(trialAction);

/** `POST /api/admin/invoices/generate-monthly`: how many invoices it issued and how many were there. */
export const generateMonthlyResult = z.object({
  success: z.literal(true),
  message: z.string(),
  created: z.number().int(),
  skipped: z.number().int(),
});
export type GenerateMonthlyResult = z.infer<typeof generateMonthlyResult>;

/**
 * A subscription request is due 7 days ahead. Its amount is by plan: the price the checkout
 * behind its link charges (decision 0008), not the observed product's fixed 299 / 799 / 99.
 */
export const SUBSCRIPTION_REQUEST_DUE_DAYS = 7;

export const PAYMENT_REQUEST_TYPES = ['invoice', 'subscription'] as const;
export type PaymentRequestType = (typeof PAYMENT_REQUEST_TYPES)[number];
export const PAYMENT_REQUEST_STATES = ['open', 'paid', 'expired'] as const;
export type PaymentRequestState = (typeof PAYMENT_REQUEST_STATES)[number];

const customerIdField = z.uuid({ error: 'Please choose a customer' });

export const subscriptionRequestInput = z.object({ customerId: customerIdField });

/** The payment request form: customer, amount (a number above 0) and description. */
export const MAX_PAYMENT_REQUEST_AMOUNT = 1_000_000;
export const paymentRequestInput = z.object({
  customerId: customerIdField,
  amount: z
    .number({ error: 'Amount must be a number' })
    .gt(0, 'Amount must be greater than 0')
    .max(
      MAX_PAYMENT_REQUEST_AMOUNT,
      `Amount must be at most $${MAX_PAYMENT_REQUEST_AMOUNT.toLocaleString('en-US')}`,
    )
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Amount must be in whole cents'),
  description: requiredText('Description is required', 500),
  /** Without one, the payment terms decide (docs/billing-admin.md). */
  dueDate: dayField('Due date').optional(),
  type: z.enum(PAYMENT_REQUEST_TYPES, { error: 'Type must be invoice or subscription' }).default('invoice'),
});
export type PaymentRequestInput = z.input<typeof paymentRequestInput>;

export const adminPaymentRequest = z.object({
  id: z.string(),
  customerId: z.string(),
  companyName: z.string(),
  email: z.string(),
  amount: z.number(),
  description: z.string(),
  dueDate: z.string(),
  type: z.enum(PAYMENT_REQUEST_TYPES),
  state: z.enum(PAYMENT_REQUEST_STATES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type AdminPaymentRequest = z.infer<typeof adminPaymentRequest>;

export const paymentRequestListQuery = pagedQuery({
  search: searchField,
  state: z.enum(PAYMENT_REQUEST_STATES).optional(),
});
export type PaymentRequestListQuery = z.infer<typeof paymentRequestListQuery>;
export const paymentRequestPage = pageOf(adminPaymentRequest);

/**
 * Both requests answer the request, and where its checkout link went: by email to the customer
 * (issue 14). The link itself is never answered.
 */
export const paymentRequestSent = z.object({
  success: z.literal(true),
  message: z.string(),
  request: adminPaymentRequest,
  sentTo: z.object({ email: z.string(), linkExpiresAt: z.string() }),
  /** What became of the email with the link (docs/email.md "Sent means sent"). */
  delivery: emailDelivery,
});
export type PaymentRequestSent = z.infer<typeof paymentRequestSent>;

export const INVOICE_SORTS = ['-issuedAt', 'issuedAt'] as const;
export const invoiceListQuery = pagedQuery({
  search: searchField,
  status: z.enum(INVOICE_STATUSES).optional(),
  sort: sortField(INVOICE_SORTS, '-issuedAt'),
});
export type AdminInvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const adminInvoice = z.object({
  id: z.string(),
  number: z.string(),
  /** Null once the customer was deleted: invoices are kept for the books. */
  customerId: z.string().nullable(),
  companyName: z.string(),
  email: z.string(),
  kind: z.string(),
  status: z.enum(INVOICE_STATUSES),
  total: z.number(),
  issuedAt: z.string(),
  dueAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  pdfUrl: z.string(),
});
export type AdminInvoice = z.infer<typeof adminInvoice>;
export const invoicePage = pageOf(adminInvoice);

/** The payment terms options; the default is Net 30 (docs/billing-admin.md). */
export const PAYMENT_TERMS = ['net_15', 'net_30', 'net_60', 'due_immediately'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'net_30';
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  net_15: 'Net 15',
  net_30: 'Net 30',
  net_60: 'Net 60',
  due_immediately: 'Due immediately',
};
export const PAYMENT_TERMS_DAYS: Record<PaymentTerms, number> = {
  net_15: 15,
  net_30: 30,
  net_60: 60,
  due_immediately: 0,
};

export const billingSettings = z.object({
  paymentTerms: z.enum(PAYMENT_TERMS, { error: 'Choose Net 15, Net 30, Net 60 or Due immediately' }),
});
export type BillingSettings = z.infer<typeof billingSettings>;
export const billingSettingsSaved = billingSettings.extend({ success: z.literal(true), message: z.string() });
