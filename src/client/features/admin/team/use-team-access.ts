import { useStaffAccess, type StaffAccess } from '@client/lib/use-staff-access';

export type TeamAccess = StaffAccess & {
  canView: boolean;
  canManage: boolean;
};

/** What the signed-in staff member may do on the team screen: view it, and change it. */
export function useTeamAccess(): TeamAccess {
  const access = useStaffAccess();
  const canView = access.holds('canViewTeamManagement');
  return { ...access, canView, canManage: canView && access.holds('canManageUsers') };
}
