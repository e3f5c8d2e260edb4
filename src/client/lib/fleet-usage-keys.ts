/*
 * The fleet app's figures that depend on the plan: the overview's usage against the plan's vehicle and
 * user limits, and the team list's seats. The fleet app reads them; a plan change in the portal makes
 * them stale, so the portal's plan mutations invalidate these keys.
 */
export const fleetOverviewKey = ['/api/fleet/overview'] as const;
export const teamKey = ['/api/fleet/team'] as const;

export const FLEET_USAGE_KEYS = [fleetOverviewKey, teamKey];
