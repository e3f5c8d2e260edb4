import { useStaffAuth } from '@client/lib/staff-auth';
import { canOpenTab, hasPermission } from '@shared/roles';

/**
 * What the signed-in staff member may do here. Only decides what to show: the server checks the same
 * table (src/shared/roles.ts) on every call.
 */
export function usePlanAccess(): {
  canView: boolean;
  canEdit: boolean;
  role: string | null;
  isLoading: boolean;
} {
  const { user, isLoading } = useStaffAuth();
  const role = user?.role ?? null;
  const canView =
    !!user && canOpenTab(role, 'plans') && hasPermission(role, user.permissions, 'canViewPlans');
  const canEdit = canView && hasPermission(role, user?.permissions, 'canEditPlans');
  return { canView, canEdit, role, isLoading };
}
