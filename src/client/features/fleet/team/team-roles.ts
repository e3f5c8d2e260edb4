import type { TeamRole } from '@shared/contracts/fleet';

export const ROLE_LABELS: Record<TeamRole, string> = {
  fleet_admin: 'Fleet admin',
  fleet_user: 'Fleet user',
};

export const ROLE_HINTS: Record<TeamRole, string> = {
  fleet_admin: 'Manages the fleet, the team, billing and the plan',
  fleet_user: 'Works with vehicles, drivers and maintenance',
};

/** The `errorType` of a JSON error answer ("409: {...}"), e.g. 'limit_reached'. */
export function errorTypeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  try {
    const parsed = JSON.parse(match[1] ?? '') as { errorType?: unknown };
    return typeof parsed.errorType === 'string' ? parsed.errorType : undefined;
  } catch {
    return undefined;
  }
}
