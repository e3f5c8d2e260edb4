import { and, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, plans, teamMembers, vehicles } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';

export type AccountLimits = {
  vehicleLimit: number | null;
  userLimit: number | null;
  planName: string | null;
};

/**
 * Locks the customer's row for the rest of the transaction, so two requests adding the last
 * allowed vehicle (or team member) at the same moment are counted one after the other.
 */
export async function lockAccount(tx: Executor, customerId: string): Promise<AccountLimits> {
  const [row] = await tx
    .select({ vehicleLimit: customers.carLimit, userLimit: customers.userLimit, planName: plans.name })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, customerId))
    .for('update', { of: customers });
  if (!row) throw notFound('Customer not found');
  return row;
}

export async function countedVehicles(tx: Executor, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(vehicles)
    .where(and(eq(vehicles.customerId, customerId), ne(vehicles.status, 'retired')));
  return row?.n ?? 0;
}

export async function countedUsers(tx: Executor, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(teamMembers)
    .where(eq(teamMembers.customerId, customerId));
  return 1 + (row?.n ?? 0);
}

const planLabel = (limits: AccountLimits) => (limits.planName ? `${limits.planName} plan` : 'plan');

/** Refuses `adding` more vehicles that count against the plan when they would not fit. */
export async function assertVehicleRoom(
  tx: Executor,
  customerId: string,
  limits: AccountLimits,
  adding: number,
) {
  if (limits.vehicleLimit === null || adding <= 0) return;
  const current = await countedVehicles(tx, customerId);
  if (current + adding <= limits.vehicleLimit) return;
  const room = Math.max(0, limits.vehicleLimit - current);
  throw new HttpError(
    409,
    `Your ${planLabel(limits)} allows ${limits.vehicleLimit} vehicles and you have ${current}` +
      (adding > 1 ? `; there is room for ${room} more, not ${adding}` : '') +
      '. Retired vehicles do not count. Upgrade your plan to add more.',
    { errorType: 'limit_reached', limit: limits.vehicleLimit, planName: limits.planName },
  );
}

export async function assertUserRoom(tx: Executor, customerId: string, limits: AccountLimits) {
  if (limits.userLimit === null) return;
  const current = await countedUsers(tx, customerId);
  if (current < limits.userLimit) return;
  throw new HttpError(
    409,
    `Your ${planLabel(limits)} allows ${limits.userLimit} users (the account owner counts as one) and you have ${current}. Upgrade your plan to invite more.`,
    { errorType: 'limit_reached', limit: limits.userLimit, planName: limits.planName },
  );
}
