import { hasPermission, type PermissionFlag } from '@shared/roles';
import { useStaffAuth } from '@client/lib/staff-auth';

export type TeamAccess = {
  canView: boolean;
  canManage: boolean;
  /** The signed-in member's id: their own row offers no delete and no role change. */
  selfId: string | null;
  /** Whether the viewer holds a flag (one cannot grant a flag one does not hold). */
  holds: (flag: PermissionFlag) => boolean;
  role: string | null;
  isLoading: boolean;
};

/**
 * What the signed-in staff member may do on the team screen (admin and root pass every flag). Only
 * decides what to show: the server checks the same table (src/shared/roles.ts) on every call.
 */
export function useTeamAccess(): TeamAccess {
  const { user, isLoading } = useStaffAuth();
  const role = user?.role ?? null;
  const permissions = user?.permissions;
  const holds = (flag: PermissionFlag) => !!user && hasPermission(role, permissions, flag);
  const canView = holds('canViewTeamManagement');
  return {
    canView,
    canManage: canView && holds('canManageUsers'),
    selfId: user?.id ?? null,
    holds,
    role,
    isLoading,
  };
}
