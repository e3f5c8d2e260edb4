import * as z from 'zod/mini';

/*
 * The dashboard's answers as the admin shell reads them: dashboard.ts's contracts written again with
 * zod/mini. The dashboard is the shell's first screen, so it loads with it, and zod/mini's core keeps
 * that load about 12 kB lighter than zod itself (bench: admin shell JS), as staff-session.ts and
 * notification-feed.ts do. dashboard-feed.test.ts checks both describe the same JSON.
 */

export const dashboardStatsFeed = z.object({
  totalCustomers: z.number(),
  activeSubscriptions: z.number(),
  monthlyRevenue: z.number(),
  growthRate: z.nullable(z.number()),
  comparedWith: z.nullable(z.string()),
  totalRevenue: z.number(),
  failedPayments: z.number(),
});

const activityFeedItem = z.object({
  id: z.string(),
  action: z.string(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  customerId: z.nullable(z.string()),
  createdAt: z.string(),
});

export const activityPageFeed = z.object({
  items: z.array(activityFeedItem),
  total: z.number(),
  totalCapped: z.optional(z.boolean()),
  page: z.number(),
  pageSize: z.number(),
});
