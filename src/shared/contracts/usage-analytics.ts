import { z } from 'zod';
import { pagedQuery, pageOf } from './common';

/*
 * Advanced Analytics (tab `analytics`; docs/usage-analytics.md): how customers use the
 * product, from their own records, and who is near their plan's limits.
 */

/** A customer is an upgrade candidate at this share of a limit (vehicles or users) or above. */
export const NEAR_LIMIT_SHARE = 0.8;
/** Months of the usage-over-time table. */
export const USAGE_MONTHS = 12;
/** Sign-ins this recent make an account active. */
export const ACTIVE_SIGN_IN_DAYS = 30;

export const usageAnalyticsQuery = pagedQuery({}, { defaultPageSize: 10, maxPageSize: 50 });
export type UsageAnalyticsQuery = z.infer<typeof usageAnalyticsQuery>;

const usageFigures = {
  customers: z.number(),
  /** Vehicles counted against plans (not retired), as every screen counts them (docs/figures.md). */
  vehicles: z.number(),
  /** Customer accounts with at least one such vehicle. */
  accountsWithVehicles: z.number(),
  drivers: z.number(),
  /** Customer accounts with at least one driver. */
  accountsWithDrivers: z.number(),
  /** Account owners plus invited team members. */
  users: z.number(),
  /** Emails that can sign in (owners and team members). */
  logins: z.number(),
  /** Accounts with a sign-in in the last ACTIVE_SIGN_IN_DAYS days. */
  activeAccounts: z.number(),
  maintenance: z.number(),
};

export const planUsage = z.object({
  planId: z.string().nullable(),
  planName: z.string(),
  vehicleLimit: z.number().nullable(),
  userLimit: z.number().nullable(),
  ...usageFigures,
});
export type PlanUsage = z.infer<typeof planUsage>;

export const monthUsage = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  /** Added that month. */
  customers: z.number(),
  vehicles: z.number(),
  drivers: z.number(),
  teamMembers: z.number(),
  maintenance: z.number(),
});
export type MonthUsage = z.infer<typeof monthUsage>;

export const nearLimitCustomer = z.object({
  customerId: z.string(),
  companyName: z.string(),
  email: z.string(),
  planId: z.string().nullable(),
  planName: z.string(),
  status: z.string(),
  vehicles: z.number(),
  vehicleLimit: z.number().nullable(),
  /** vehicles ÷ limit, null when unlimited. */
  vehicleShare: z.number().nullable(),
  users: z.number(),
  userLimit: z.number().nullable(),
  userShare: z.number().nullable(),
});
export type NearLimitCustomer = z.infer<typeof nearLimitCustomer>;

export const usageAnalytics = z.object({
  totals: z.object(usageFigures),
  byPlan: z.array(planUsage),
  monthly: z.array(monthUsage),
  /** Not cancelled, at NEAR_LIMIT_SHARE of a limit or above, fullest first; paged. */
  nearLimits: pageOf(nearLimitCustomer),
});
export type UsageAnalytics = z.infer<typeof usageAnalytics>;
