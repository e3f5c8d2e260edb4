import { eq, ne } from 'drizzle-orm';
import { customers, plans, teamMembers, vehicles } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { CustomerContext } from '../../http/request-context';

export type AccountLimits = {
  vehicleLimit: number | null;
  userLimit: number | null;
  planName: string | null;
};

/**
 * Locks the customer's row for the rest of the transaction, so two requests adding the last
 * allowed vehicle (or team member) at the same moment are counted one after the other. `no key
 * update` still lets other transactions insert rows that refer to the account (their foreign-key
 * check takes `key share`): a record added meanwhile holds its vehicle's lock (migration 0028), and
 * waiting here for the account behind a vehicle update that waits for that vehicle would deadlock.
 */
export async function lockAccount({ db, account }: CustomerContext): Promise<AccountLimits> {
  const [row] = await db
    .select({ vehicleLimit: customers.carLimit, userLimit: customers.userLimit, planName: plans.name })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .where(account.isAccount)
    .for('no key update', { of: customers });
  if (!row) throw notFound('Customer not found');
  return row;
}

/** Vehicles that count against the plan: every one not retired. */
export const countedVehicles = ({ account }: CustomerContext) =>
  account.count(vehicles, ne(vehicles.status, 'retired'));

/** The account owner plus invited team members. */
export const countedUsers = async ({ account }: CustomerContext) => 1 + (await account.count(teamMembers));

const planLabel = (limits: AccountLimits) => (limits.planName ? `${limits.planName} plan` : 'plan');

/** Refuses `adding` more vehicles that count against the plan when they would not fit. */
export async function assertVehicleRoom(ctx: CustomerContext, limits: AccountLimits, adding: number) {
  if (limits.vehicleLimit === null || adding <= 0) return;
  const current = await countedVehicles(ctx);
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

export async function assertUserRoom(ctx: CustomerContext, limits: AccountLimits) {
  if (limits.userLimit === null) return;
  const current = await countedUsers(ctx);
  if (current < limits.userLimit) return;
  throw new HttpError(
    409,
    `Your ${planLabel(limits)} allows ${limits.userLimit} users (the account owner counts as one) and you have ${current}. Upgrade your plan to invite more.`,
    { errorType: 'limit_reached', limit: limits.userLimit, planName: limits.planName },
  );
}
