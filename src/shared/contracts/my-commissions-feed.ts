import * as z from 'zod/mini';
import { COMMISSION_STATUSES } from '../statuses';

/*
 * `GET /api/admin/my-commissions` as the dashboard reads it: `myCommissions` of commissions.ts written
 * again with zod/mini, whose core the admin shell already loads (staff-session.ts), so the sales
 * user's 'My commissions' card does not bring zod itself to the dashboard. my-commissions-feed.test.ts
 * checks that both describe the same JSON.
 */

const commissionFeedItem = z.object({
  id: z.string(),
  salesUserId: z.nullable(z.string()),
  salesUserName: z.string(),
  customerId: z.nullable(z.string()),
  companyName: z.string(),
  paymentId: z.nullable(z.string()),
  planId: z.nullable(z.string()),
  commissionType: z.enum(['payment', 'refund_adjustment']),
  baseAmount: z.number(),
  commissionRate: z.number(),
  commissionAmount: z.number(),
  status: z.enum(COMMISSION_STATUSES),
  paidAt: z.nullable(z.string()),
  createdAt: z.string(),
});

export const myCommissionsFeed = z.object({
  pendingAmount: z.number(),
  pendingCount: z.number(),
  paidThisMonthAmount: z.number(),
  paidThisMonthCount: z.number(),
  recent: z.array(commissionFeedItem),
});
export type MyCommissionsFeed = z.output<typeof myCommissionsFeed>;
export type CommissionFeedItem = z.output<typeof commissionFeedItem>;
