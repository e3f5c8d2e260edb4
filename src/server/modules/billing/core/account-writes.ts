import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
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
 * A paid period starts: the subscription is active from `start` to `end`, renews at `end`, has no plan
 * change scheduled, no failed attempts and no worker's claim, and its account is active (as
 * `setCustomerStatus` makes it: never lifting a suspension). One statement: the subscription's update
 * hands its account to the account's (a renewal made these two statements, docs/billing.md "What a
 * renewal costs"). `also` adds what the caller changes besides.
 */
export async function setPaidPeriod(
  tx: Executor,
  subscriptionId: string,
  period: { start: Date; end: Date; now: Date },
  also: Partial<typeof subscriptions.$inferInsert> = {},
): Promise<void> {
  const paid = tx.$with('paid').as(
    tx
      .update(subscriptions)
      .set({
        status: 'active',
        ...also,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        scheduledPlanId: null,
        failedAttempts: 0,
        nextActionAt: period.end,
        claimedUntil: null,
        updatedAt: period.now,
      })
      .where(eq(subscriptions.id, subscriptionId))
      .returning({ customerId: subscriptions.customerId }),
  );
  await tx
    .with(paid)
    .update(customers)
    .set({ status: 'active', updatedAt: period.now })
    .where(
      and(
        inArray(customers.id, tx.select({ id: paid.customerId }).from(paid)),
        notInArray(customers.status, ['suspended', 'active']),
      ),
    );
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
