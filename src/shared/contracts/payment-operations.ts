import { z } from 'zod';
import { INVOICE_STATUSES } from '../statuses';
import { pagedQuery, pageOf, requiredText } from './common';

/*
 * The operations sub-tabs of Billing & Payments (Expenses, Disputes, Analytics,
 * Reconciliation; docs/payment-operations.md). Money in dollars on the wire.
 */

// ---------------------------------------------------------------------------------------------
// Expenses ledger

/** The expense history shows 10 rows. */
export const EXPENSE_HISTORY_ROWS = 10;

export const EXPENSE_CATEGORIES = [
  'hosting',
  'database',
  'email',
  'payment_processing',
  'software',
  'marketing',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  hosting: 'Hosting',
  database: 'Database',
  email: 'Email',
  payment_processing: 'Payment processing',
  software: 'Software',
  marketing: 'Marketing',
  other: 'Other',
};

const AMOUNT_MESSAGE = 'Amount must be more than 0 and at most 1000000, with at most 2 decimals';

export const expenseInput = z.object({
  date: z
    .string({ error: 'Date is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a date (YYYY-MM-DD)')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Date must be a real date'),
  category: z.enum(EXPENSE_CATEGORIES, { error: 'Choose a category' }),
  description: requiredText('Description is required', 200),
  amount: z
    .number({ error: AMOUNT_MESSAGE })
    .gt(0, AMOUNT_MESSAGE)
    .max(1_000_000, AMOUNT_MESSAGE)
    .refine((a) => Math.abs(Math.round(a * 100) - a * 100) < 1e-6, AMOUNT_MESSAGE),
});
export type ExpenseInput = z.infer<typeof expenseInput>;

export const expense = z.object({
  id: z.string(),
  date: z.string(),
  category: z.string(),
  description: z.string(),
  amount: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expense>;

export const expenseListQuery = pagedQuery({}, { defaultPageSize: EXPENSE_HISTORY_ROWS, maxPageSize: 100 });
export type ExpenseListQuery = z.infer<typeof expenseListQuery>;
export const expensePage = pageOf(expense);
export const expenseSaved = z.object({ success: z.literal(true), message: z.string(), expense });
export const expenseDeleted = z.object({ success: z.literal(true), message: z.string() });

// ---------------------------------------------------------------------------------------------
// Hosting usage, measured by the server itself

/** Expense integration status: our own measurements are always connected. */
export const EXPENSE_INTEGRATION_STATUSES = ['connected', 'api_key_required'] as const;

/** What was measured over a period, and what the ledger says was spent on it. */
export const usagePeriod = z.object({
  /** YYYY-MM-DD, first day counted (UTC). */
  from: z.string(),
  /** YYYY-MM-DD, last day counted (UTC). */
  to: z.string(),
  cpuSeconds: z.number(),
  bytesServed: z.number(),
  requests: z.number(),
  /** Dollars in the expenses ledger over the period, every category. */
  expenses: z.number(),
  /** Dollars in the ledger's hosting and database categories. */
  hostingExpenses: z.number(),
});
export type UsagePeriod = z.infer<typeof usagePeriod>;

export const hostingUsage = z.object({
  status: z.enum(EXPENSE_INTEGRATION_STATUSES),
  currentMonth: usagePeriod,
  lastMonth: usagePeriod,
  yearToDate: usagePeriod,
  /** This month, by kind of resource; money only from the ledger (no unit prices are invented). */
  breakdown: z.object({
    compute: z.object({ cpuSeconds: z.number(), requests: z.number() }),
    storage: z.object({ bytes: z.number() }),
    bandwidth: z.object({ bytes: z.number() }),
  }),
  /** Now: CPU seconds this month, the database's size, bytes served this month. */
  currentUsage: z.object({ cycles: z.number(), storage: z.number(), bandwidth: z.number() }),
  /** Instances that reported this month. */
  instances: z.number(),
  /** When the newest measurement was written (null before the first flush). */
  measuredAt: z.string().nullable(),
});
export type HostingUsage = z.infer<typeof hostingUsage>;

// ---------------------------------------------------------------------------------------------
// Disputes (Stripe charge.dispute.*)

export const dispute = z.object({
  id: z.string(),
  providerRef: z.string(),
  paymentId: z.string().nullable(),
  customerId: z.string().nullable(),
  companyName: z.string().nullable(),
  amount: z.number(),
  reason: z.string(),
  status: z.string(),
  evidenceDueBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dispute = z.infer<typeof dispute>;
export const disputeListQuery = pagedQuery({}, { defaultPageSize: 20 });
export type DisputeListQuery = z.infer<typeof disputeListQuery>;
export const disputePage = pageOf(dispute).extend({
  /** sandbox: disputes can only come from Stripe, so there are none to show. */
  provider: z.enum(['sandbox', 'stripe']),
});
export type DisputePage = z.infer<typeof disputePage>;

// ---------------------------------------------------------------------------------------------
// Refund and failure rates by month

export const paymentAnalyticsQuery = z.object({
  months: z.coerce.number().int().min(1).max(24).default(12),
});
export type PaymentAnalyticsQuery = z.infer<typeof paymentAnalyticsQuery>;

export const paymentMonth = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  /** Charges that ended (succeeded, refunded in part or whole, failed); pending ones are not yet. */
  attempted: z.number(),
  failed: z.number(),
  /** failed ÷ attempted, null without attempts. */
  failureRate: z.number().nullable(),
  /** Dollars collected by the month's successful charges (before refunds). */
  collected: z.number(),
  /** Dollars refunded in the month (succeeded refunds, by when they were made). */
  refunded: z.number(),
  /** refunded ÷ collected, null when nothing was collected. */
  refundRate: z.number().nullable(),
});
export type PaymentMonth = z.infer<typeof paymentMonth>;
export const paymentAnalytics = z.object({
  months: z.array(paymentMonth),
  totals: paymentMonth.omit({ month: true }),
});
export type PaymentAnalytics = z.infer<typeof paymentAnalytics>;

// ---------------------------------------------------------------------------------------------
// Reconciliation of payments against invoices

/** The tolerance options, in dollars. */
export const RECONCILIATION_TOLERANCES = ['0.01', '1', '5'] as const;
export const RECONCILIATION_TOLERANCE_LABELS: Record<(typeof RECONCILIATION_TOLERANCES)[number], string> = {
  '0.01': '$0.01',
  '1': '$1.00',
  '5': '$5.00',
};

export const reconciliationQuery = pagedQuery(
  {
    tolerance: z
      .enum(RECONCILIATION_TOLERANCES, { error: 'Tolerance must be 0.01, 1 or 5 (dollars)' })
      .default('0.01'),
    /** YYYY-MM: invoices issued that month (UTC); the current month by default. */
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be written YYYY-MM')
      .optional(),
  },
  { defaultPageSize: 20 },
);
export type ReconciliationQuery = z.infer<typeof reconciliationQuery>;

export const reconciliationRow = z.object({
  invoiceId: z.string(),
  number: z.string(),
  customerId: z.string().nullable(),
  companyName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedAt: z.string(),
  /** Dollars. */
  invoiceTotal: z.number(),
  /** Dollars: completed payments of the invoice (refunds not taken off). */
  paid: z.number(),
  /** Dollars refunded of those payments. */
  refunded: z.number(),
  /** paid − refunded, in dollars: what the books keep. */
  net: z.number(),
  /** paid − invoiceTotal, in dollars: negative is owed, positive is overpaid. */
  difference: z.number(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRow>;

export const reconciliationPage = pageOf(reconciliationRow).extend({
  month: z.string(),
  tolerance: z.number(),
  /** Invoices whose payments (or their net after a partial refund) are within the tolerance of their total. */
  matched: z.number(),
  /** Invoices listed: outside the tolerance. */
  flagged: z.number(),
  /** Refunded and void invoices of the month: expected to differ, not reconciled. */
  excluded: z.number(),
});
export type ReconciliationPage = z.infer<typeof reconciliationPage>;
