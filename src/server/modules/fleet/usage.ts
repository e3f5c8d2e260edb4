import { and, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { teamMembers, vehicles } from '../../db/schema';

export type FleetUsage = {
  /** Vehicles that count against the plan: every one not retired. */
  vehicles: number;
  activeVehicles: number;
  /** The account owner plus invited team members. */
  users: number;
};

export async function fleetUsage(exec: Executor, customerId: string): Promise<FleetUsage> {
  const [[counted], [active], [team]] = await Promise.all([
    exec
      .select({ n: count() })
      .from(vehicles)
      .where(and(eq(vehicles.customerId, customerId), ne(vehicles.status, 'retired'))),
    exec
      .select({ n: count() })
      .from(vehicles)
      .where(and(eq(vehicles.customerId, customerId), eq(vehicles.status, 'active'))),
    exec.select({ n: count() }).from(teamMembers).where(eq(teamMembers.customerId, customerId)),
  ]);
  return { vehicles: counted?.n ?? 0, activeVehicles: active?.n ?? 0, users: 1 + (team?.n ?? 0) };
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
