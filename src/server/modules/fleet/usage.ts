import { ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customers, teamMembers, vehicles } from '../../db/schema';
import type { CustomerContext } from '../../http/request-context';

export type FleetUsage = {
  /** Vehicles that count against the plan: every one not retired. */
  vehicles: number;
  activeVehicles: number;
  /** The account owner plus invited team members. */
  users: number;
};

/**
 * The vehicles that count against the plan's limit: every one not retired. Every screen's "vehicles"
 * counts them so (the portal, Customer Fleet, the Fleet Control Center, Advanced Analytics;
 * docs/figures.md): `countedVehicle` in SQL, `isCountedVehicleStatus` over rows grouped by status.
 */
export const countedVehicle = () => ne(vehicles.status, 'retired');
export const isCountedVehicleStatus = (status: string) => status !== 'retired';

/** The plan's users: the account owner, then each invited team member. */
export const usersOf = (teamMemberCount: number) => 1 + teamMemberCount;

/**
 * The usage counts of the account `customerId` names (its column in the statement, or a value), as
 * subqueries: a statement reads them beside anything else it reads (the portal's profile).
 */
export function fleetUsageColumns(customerId: SQL | AnyPgColumn) {
  return {
    vehicles: sql<number>`(select count(*)::int from ${vehicles}
      where ${vehicles.customerId} = ${customerId} and ${countedVehicle()})`,
    activeVehicles: sql<number>`(select count(*)::int from ${vehicles}
      where ${vehicles.customerId} = ${customerId} and ${vehicles.status} = 'active')`,
    teamMembers: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.customerId} = ${customerId})`,
  };
}

/** The counts `fleetUsageColumns` read, as the plan's usage. */
export const usageOf = (row: {
  vehicles: number;
  activeVehicles: number;
  teamMembers: number;
}): FleetUsage => ({
  vehicles: row.vehicles,
  activeVehicles: row.activeVehicles,
  users: usersOf(row.teamMembers),
});

/**
 * One statement: the plan-change rules call this inside their transaction, where three counts at once
 * would queue on the transaction's one connection (node-postgres warns of it, and its next major
 * version refuses it).
 */
export async function fleetUsage({ db, account }: CustomerContext): Promise<FleetUsage> {
  // The account's id as a value: in a statement on one table Drizzle names columns without their table,
  // so `customers.id` would read as the subquery's own `id`.
  const [row] = await db
    .select(fleetUsageColumns(sql`${account.customerId}`))
    .from(customers)
    .where(account.isAccount);
  return usageOf(row ?? { vehicles: 0, activeVehicles: 0, teamMembers: 0 });
}

/** Why a plan with these limits cannot hold the fleet as it is today, or null when it can. */
export function usageExceeds(
  usage: FleetUsage,
  plan: { name: string; vehicleLimit: number | null; userLimit: number | null },
): string | null {
  if (plan.vehicleLimit !== null && usage.vehicles > plan.vehicleLimit) {
    const extra = usage.vehicles - plan.vehicleLimit;
    return `Your fleet has ${usage.vehicles} vehicles but the ${plan.name} plan allows ${plan.vehicleLimit}. Retire or remove ${extra} ${extra === 1 ? 'vehicle' : 'vehicles'} before downgrading.`;
  }
  if (plan.userLimit !== null && usage.users > plan.userLimit) {
    const extra = usage.users - plan.userLimit;
    return `Your account has ${usage.users} users but the ${plan.name} plan allows ${plan.userLimit}. Remove ${extra} team ${extra === 1 ? 'member' : 'members'} before downgrading.`;
  }
  return null;
}
