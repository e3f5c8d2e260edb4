import { eq, ne } from 'drizzle-orm';
import { teamMembers, vehicles } from '../../db/schema';
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

export async function fleetUsage({ account }: CustomerContext): Promise<FleetUsage> {
  const [counted, active, team] = await Promise.all([
    account.count(vehicles, countedVehicle()),
    account.count(vehicles, eq(vehicles.status, 'active')),
    account.count(teamMembers),
  ]);
  return { vehicles: counted, activeVehicles: active, users: usersOf(team) };
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
