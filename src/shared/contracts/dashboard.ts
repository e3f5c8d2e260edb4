import { z } from 'zod';
import { pagedQuery, pageOf } from './common';

/**
 * The staff dashboard: its four figures and the activity feed.
 * Definitions of each figure: docs/staff-dashboard.md.
 */
export const dashboardStats = z.object({
  totalCustomers: z.number(),
  /** Subscriptions that are paid and current (status active or past_due), trials not counted. */
  activeSubscriptions: z.number(),
  /** Monthly recurring revenue in dollars: the monthly price of every active paid subscription. */
  monthlyRevenue: z.number(),
  /** Percent change of that revenue against a month ago; null until a month of history exists. */
  growthRate: z.number().nullable(),
  /** The day the growth rate compares with (YYYY-MM-DD), or null. */
  comparedWith: z.string().nullable(),
  /** Completed payments net of refunds, in dollars (docs/staff-payments.md). */
  totalRevenue: z.number(),
  /** Payments that failed (declined charges), ever. */
  failedPayments: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

/** The known activity actions; anything else reads as a generic "Activity". */
export const KNOWN_ACTIVITY_ACTIONS = [
  'customer_registered',
  'payment_succeeded',
  'payment_failed',
  'admin_login',
  'customer_updated',
  'plan_changed',
] as const;

export const activityItem = z.object({
  id: z.string(),
  action: z.string(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  customerId: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

/** Newest first; the dashboard asks for 5, "Show All" pages through the rest. */
export const activityListQuery = pagedQuery({}, { defaultPageSize: 5, maxPageSize: 100 });
export const activityPage = pageOf(activityItem);
