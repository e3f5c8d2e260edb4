import { TEAM_ROLES, type TeamRole } from '@shared/contracts/fleet';

export const ROLE_LABELS: Record<TeamRole, string> = {
  fleet_admin: 'Fleet admin',
  fleet_user: 'Fleet user',
};

export const ROLE_OPTIONS = TEAM_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export const ROLE_HINTS: Record<TeamRole, string> = {
  fleet_admin: 'Manages the fleet, the team, billing and the plan',
  fleet_user: 'Works with vehicles, drivers and maintenance',
};
