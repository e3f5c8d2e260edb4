import { useStaffAuth } from '@client/lib/staff-auth';
import { hasPermission } from '@shared/roles';

export type CustomerAccess = {
  canView: boolean;
  canEdit: boolean;
  canDelete: boolean;
  role: string | null;
  isLoading: boolean;
};

/**
 * What the signed-in staff member may do with customers (admin and root pass every flag). Only decides
 * what to show: the server checks the same table (src/shared/roles.ts) on every call.
 */
export function useCustomerAccess(): CustomerAccess {
  const { user, isLoading } = useStaffAuth();
  const role = user?.role ?? null;
  const permissions = user?.permissions;
  const canView = !!user && hasPermission(role, permissions, 'canViewCustomers');
  return {
    canView,
    canEdit: canView && hasPermission(role, permissions, 'canEditCustomers'),
    canDelete: canView && hasPermission(role, permissions, 'canDeleteCustomers'),
    role,
    isLoading,
  };
}
