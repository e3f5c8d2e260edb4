import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { customers, subscriptions } from '../../../db/schema';
import type { PlanRow } from './rows';

/** Moves the customer and the subscription onto a plan (limits follow the plan). */
export async function applyPlan(tx: Executor, customerId: string, plan: PlanRow, now: Date): Promise<void> {
  await tx
    .update(customers)
    .set({ planId: plan.id, carLimit: plan.vehicleLimit, userLimit: plan.userLimit, updatedAt: now })
    .where(eq(customers.id, customerId));
  await tx
    .update(subscriptions)
    .set({ planId: plan.id, priceCents: plan.priceCents, updatedAt: now })
    .where(eq(subscriptions.customerId, customerId));
}

/**
 * The account's own status, which follows its subscription's (active, pending, cancelled), except
 * while staff hold it suspended: only staff lift a suspension (reactivate), so billing never does.
 */
export async function setCustomerStatus(
  tx: Executor,
  customerId: string,
  status: 'active' | 'pending' | 'cancelled',
  now: Date,
): Promise<void> {
  await tx
    .update(customers)
    .set({ status, updatedAt: now })
    .where(and(eq(customers.id, customerId), ne(customers.status, 'suspended')));
}
