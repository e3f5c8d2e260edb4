import { count, sql } from 'drizzle-orm';
import type { PlanStats } from '../../../shared/contracts/plans';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { readSubscriptionsNow } from '../revenue';

// Staff queries that read every customer account at once. They live here, by name, so nothing
// else reaches across accounts: customer-side code reads through db/account-scope.ts.

/**
 * Real figures: how many customers each plan has (the customers table) and the MRR each plan brings,
 * from the one MRR source the dashboard and revenue analytics read (docs/figures.md), so the plans
 * manager's Monthly Revenue is the dashboard's, past-due subscriptions and discounts included.
 */
export async function getPlanStats(db: Db): Promise<PlanStats> {
  const rows = await db
    .select({
      planId: customers.planId,
      customerCount: count(),
      activeCustomers: sql<number>`count(*) filter (where ${customers.status} = 'active')`.mapWith(Number),
    })
    .from(customers)
    .groupBy(customers.planId);
  const { plans: mrr } = await readSubscriptionsNow(db);
  const result: PlanStats = { totalCustomers: 0, monthlyRevenue: 0, payingCustomers: 0, plans: {} };
  const entry = (planId: string) =>
    (result.plans[planId] ??= {
      customerCount: 0,
      activeCustomers: 0,
      payingCustomers: 0,
      monthlyRevenue: 0,
    });
  for (const row of rows) {
    result.totalCustomers += row.customerCount;
    if (!row.planId) continue;
    Object.assign(entry(row.planId), {
      customerCount: row.customerCount,
      activeCustomers: row.activeCustomers,
    });
  }
  let mrrCents = 0;
  for (const plan of mrr) {
    mrrCents += plan.mrrCents;
    result.payingCustomers += plan.payingCustomers;
    Object.assign(entry(plan.planId), {
      payingCustomers: plan.payingCustomers,
      monthlyRevenue: plan.mrrCents / 100,
    });
  }
  result.monthlyRevenue = mrrCents / 100;
  return result;
}
