import { count, eq, sql } from 'drizzle-orm';
import type { PlanStats } from '../../../shared/contracts/plans';
import type { Db } from '../../db/client';
import { customers, plans, subscriptions } from '../../db/schema';

// Staff queries that read every customer account at once. They live here, by name, so nothing
// else reaches across accounts: customer-side code reads through db/account-scope.ts.

/** Real figures from the customers table: how many customers each plan has and what they pay. */
export async function getPlanStats(db: Db): Promise<PlanStats> {
  const rows = await db
    .select({
      planId: customers.planId,
      customerCount: count(),
      activeCustomers: sql<number>`count(*) filter (where ${customers.status} = 'active')`.mapWith(Number),
      payingCustomers:
        sql<number>`count(*) filter (where ${customers.status} = 'active' and ${subscriptions.status} = 'active')`.mapWith(
          Number,
        ),
      priceCents: plans.priceCents,
    })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id))
    .groupBy(customers.planId, plans.priceCents);
  const result: PlanStats = { totalCustomers: 0, plans: {} };
  for (const row of rows) {
    result.totalCustomers += row.customerCount;
    if (!row.planId) continue;
    result.plans[row.planId] = {
      customerCount: row.customerCount,
      activeCustomers: row.activeCustomers,
      monthlyRevenue: ((row.priceCents ?? 0) * row.payingCustomers) / 100,
    };
  }
  return result;
}
