import { hasPermission, type PermissionFlag } from '@shared/roles';
import { useStaffAuth } from '@client/lib/staff-auth';

export type StaffAccess = {
  /** Whether the signed-in member holds a flag (admin and root hold every flag). */
  holds: (flag: PermissionFlag) => boolean;
  role: string | null;
  /** The signed-in member's id (their own row offers no delete and no role change). */
  selfId: string | null;
  isLoading: boolean;
};

/**
 * What the signed-in staff member may do, read from their session. Only decides what a screen shows:
 * the server checks the same table (src/shared/roles.ts) on every call.
 */
export function useStaffAccess(): StaffAccess {
  const { user, isLoading } = useStaffAuth();
  const role = user?.role ?? null;
  const permissions = user?.permissions;
  return {
    holds: (flag) => !!user && hasPermission(role, permissions, flag),
    role,
    selfId: user?.id ?? null,
    isLoading,
  };
}
