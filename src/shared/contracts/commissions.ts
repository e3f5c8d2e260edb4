import { z } from 'zod';
import { COMMISSION_STATUSES } from '../statuses';
import { pagedQuery, pageOf } from './common';

/**
 * Sales commissions (docs/commissions.md).
 * Rates are per sales user and plan, stored as a fraction; commissions are earned on payments and
 * adjusted on refunds, never typed in. Calls: `GET/POST /api/sales-commission-rates`,
 * `GET /api/sales-commissions`, `POST /api/sales-commissions/mark-paid`, `GET /api/admin/my-commissions`.
 */

export const DEFAULT_COMMISSION_PERCENT = 5;
export const COMMISSION_STEP_PERCENT = 0.5;
export const FILL_ALL_FIELDS_MESSAGE = 'Please fill all fields';
export const RATE_RANGE_MESSAGE = 'The rate must be between 0 and 100 percent, in steps of 0.5';

/** One decimal, as every screen shows rates: 0.075 → "7.5%" (docs/commissions.md). */
export const formatRatePercent = (fraction: number): string =>
  `${(Math.round(fraction * 1000) / 10).toFixed(1)}%`;

export const commissionRate = z.object({
  id: z.string(),
  salesUserId: z.string(),
  salesUserName: z.string(),
  planId: z.string(),
  planName: z.string(),
  /** A fraction: 0.075 is 7.5 %. */
  commissionRate: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type CommissionRate = z.infer<typeof commissionRate>;
export const commissionRates = z.array(commissionRate);

/** A fraction from 0 to 1 whose percentage is a multiple of 0.5. */
const rateFraction = z
  .number({ error: FILL_ALL_FIELDS_MESSAGE })
  .min(0, RATE_RANGE_MESSAGE)
  .max(1, RATE_RANGE_MESSAGE)
  .refine((f) => Math.abs(f * 200 - Math.round(f * 200)) < 1e-9, RATE_RANGE_MESSAGE);

/**
 * `POST /api/sales-commission-rates`; `createdBy` is accepted (callers send it) and ignored: the server
 * knows who asks (docs/commissions.md).
 */
export const createRateRequest = z.object({
  salesUserId: z.string({ error: FILL_ALL_FIELDS_MESSAGE }).min(1, FILL_ALL_FIELDS_MESSAGE).max(100),
  planId: z.string({ error: FILL_ALL_FIELDS_MESSAGE }).min(1, FILL_ALL_FIELDS_MESSAGE).max(60),
  commissionRate: rateFraction,
  createdBy: z.string().max(100).optional(),
});
export type CreateRateRequest = z.infer<typeof createRateRequest>;
export const rateSaved = z.object({ success: z.literal(true), message: z.string(), rate: commissionRate });

export const COMMISSION_TYPES = ['payment', 'refund_adjustment'] as const;

export const commission = z.object({
  id: z.string(),
  salesUserId: z.string().nullable(),
  salesUserName: z.string(),
  customerId: z.string().nullable(),
  companyName: z.string(),
  paymentId: z.string().nullable(),
  planId: z.string().nullable(),
  /** payment, or refund_adjustment (negative amounts). */
  commissionType: z.enum(COMMISSION_TYPES),
  /** Dollars: the amount paid, or minus the amount refunded. */
  baseAmount: z.number(),
  commissionRate: z.number(),
  /** Dollars, negative for a refund adjustment. */
  commissionAmount: z.number(),
  status: z.enum(COMMISSION_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Commission = z.infer<typeof commission>;

/** YYYY-MM, in UTC: the month a commission was recorded. */
export const monthField = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be written YYYY-MM')
  .optional();

export const commissionListQuery = pagedQuery({
  salesUserId: z.string().max(100).optional(),
  status: z.enum(COMMISSION_STATUSES, { error: 'Unknown status' }).optional(),
  month: monthField,
});
export type CommissionListQuery = z.infer<typeof commissionListQuery>;

/** Totals over every row that matches the filters, not just the page. Dollars. */
export const commissionTotals = z.object({
  count: z.number(),
  pendingCount: z.number(),
  paidCount: z.number(),
  pendingAmount: z.number(),
  paidAmount: z.number(),
  totalAmount: z.number(),
});
export type CommissionTotals = z.infer<typeof commissionTotals>;
export const commissionPage = pageOf(commission).extend({ totals: commissionTotals });

/** Mark paid, one or many (at most a page's worth per call). */
export const markPaidRequest = z.object({
  ids: z.array(z.string().max(100)).min(1, 'Choose at least one commission').max(100),
});
export const markPaidResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  updated: z.number(),
});

/** The sales user's own card on the dashboard: what is owed, what was paid this month, the last 5 rows. */
export const myCommissions = z.object({
  pendingAmount: z.number(),
  pendingCount: z.number(),
  paidThisMonthAmount: z.number(),
  paidThisMonthCount: z.number(),
  recent: z.array(commission),
});
export type MyCommissions = z.infer<typeof myCommissions>;
