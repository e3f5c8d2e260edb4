import { z } from 'zod';
import { emailDelivery } from './email-delivery';
import { pagedQuery, pageOf, searchField, sortField } from './common';

/**
 * Payments as staff see and act on them (Payment Management's Overview and Transactions;
 * docs/staff-payments.md). Calls: `GET /api/admin/payments`, `GET /api/admin/payments/export`,
 * `POST /api/admin/payments/{id}/refund`, `POST /api/admin/payments/{id}/retry`,
 * `GET /api/admin/financial-analytics`, `GET /api/admin/payment-provider`. Definitions:
 * docs/staff-payments.md.
 */

/**
 * The payment statuses staff read and filter by (docs/staff-payments.md). The billing engine records
 * `succeeded` for what the screen and the API call `completed`; `refunded` once refunds reach the whole
 * amount (a partly refunded payment stays completed, with `refunded` > 0).
 */
export const PAYMENT_LIST_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;
export type PaymentListStatus = (typeof PAYMENT_LIST_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentListStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const PAYMENT_SORTS = ['createdAt', '-createdAt', 'amount', '-amount'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

const listFields = {
  search: searchField,
  status: z
    .enum(PAYMENT_LIST_STATUSES, { error: 'Status must be completed, pending, failed or refunded' })
    .optional(),
  sort: sortField(PAYMENT_SORTS, '-createdAt'),
};

export const paymentListQuery = pagedQuery(listFields);
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

/** The export takes the list's filters and order, and every matching row. */
export const paymentExportQuery = z.object(listFields);
export type PaymentExportQuery = z.infer<typeof paymentExportQuery>;

/** Said beside the kept name and email of a payment whose customer account was deleted (list and CSV). */
export const DELETED_CUSTOMER_LABEL = 'Deleted customer';

export const staffPayment = z.object({
  id: z.string(),
  /** Null once the account was deleted: the payment stays for the books. */
  customer: z.object({ id: z.string(), companyName: z.string(), email: z.string() }).nullable(),
  /** Who paid, readable even after the account was deleted (the invoice's billing name). */
  customerName: z.string().nullable(),
  /** Their email, kept the same way (the invoice's billing email once the account is gone). */
  customerEmail: z.string().nullable(),
  /** When the paying account was deleted (the payment is kept for the books), else null. */
  customerDeletedAt: z.string().nullable(),
  /** Dollars. */
  amount: z.number(),
  refunded: z.number(),
  /** What is left to refund: the amount less refunds made and refunds in progress. */
  refundable: z.number(),
  status: z.enum(PAYMENT_LIST_STATUSES),
  planId: z.string().nullable(),
  /** When the money was taken: the creation time of a completed or refunded payment, else null. */
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** The payment provider's reference of the charge. */
  stripePaymentIntentId: z.string().nullable(),
  description: z.string(),
  failureMessage: z.string().nullable(),
  invoiceId: z.string().nullable(),
  canRetry: z.boolean(),
  canRefund: z.boolean(),
});
export type StaffPayment = z.infer<typeof staffPayment>;

export const paymentPage = pageOf(staffPayment);
export type PaymentPage = z.infer<typeof paymentPage>;

/** Amounts in dollars with cents at most; positivity and the ceiling are checked on the server. */
export const refundInput = z.object({
  amount: z
    .number({ error: 'Amount is required' })
    .finite('Amount is required')
    .max(1_000_000, 'Amount is too large')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Amount has at most two decimals'),
  reason: z.string().trim().max(500, 'Must be at most 500 characters').optional(),
  /** One key per opened refund dialog: a second submit answers the first refund's result. */
  requestKey: z.string().trim().min(8).max(100).optional(),
});
export type RefundInput = z.infer<typeof refundInput>;

export const refundResult = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: staffPayment,
});

export const retryResult = z.object({
  success: z.literal(true),
  /** charged: the card on file paid the open invoice; link: the customer must pay through the link. */
  outcome: z.enum(['charged', 'link']),
  message: z.string(),
  /** Where the new checkout link went by email (outcome link); the link itself is never answered. */
  sentTo: z.string().nullable(),
  /** What became of that email (outcome link; docs/email.md "Sent means sent"). */
  delivery: emailDelivery.nullable(),
  payment: staffPayment,
});
export type RetryResult = z.infer<typeof retryResult>;

/** The financial analytics; definitions in docs/staff-payments.md. */
export const financialAnalytics = z.object({
  /** Completed payments net of refunds, dollars. */
  totalRevenue: z.number(),
  /** Completed (incl. since refunded) ÷ completed + failed payments, in percent; null with none. */
  paymentSuccessRate: z.number().nullable(),
  /** Completed payments' gross amount ÷ their number, dollars; null with none. */
  averageTransactionValue: z.number().nullable(),
  completedPayments: z.number(),
  failedPayments: z.number(),
  refundedAmount: z.number(),
});
export type FinancialAnalytics = z.infer<typeof financialAnalytics>;

/** Which payment provider is active (the 'Stripe Settings' dialog); never a key. */
export const paymentProviderInfo = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  /** Stripe only: whether a signed webhook endpoint is configured. */
  webhooksConfigured: z.boolean(),
  webhookPath: z.string().nullable(),
  /** Stripe only: test or live keys. */
  mode: z.enum(['test', 'live']).nullable(),
});
export type PaymentProviderInfo = z.infer<typeof paymentProviderInfo>;
