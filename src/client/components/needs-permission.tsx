import type { ReactNode } from 'react';
import { ShieldAlertIcon } from 'lucide-react';
import type { PermissionFlag } from '@shared/roles';
import { ACCESS_DENIED_MESSAGE } from '@shared/roles';
import { LoadingBlock } from '@client/components/loading-block';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStaffAccess } from '@client/lib/use-staff-access';

/**
 * A staff screen that needs a permission flag beyond its tab (canViewPayments, canViewAnalytics ...):
 * its content for members who hold it, 'Access Denied' with the role for the others. Only a view: the
 * server refuses the screen's calls on its own.
 */
export function NeedsPermission({
  flag,
  label,
  children,
}: {
  flag: PermissionFlag;
  /** What is loading, announced while the session is read ('Loading payments'). */
  label: string;
  children: ReactNode;
}) {
  const access = useStaffAccess();
  if (access.isLoading) {
    return (
      <LoadingBlock label={label}>
        <Skeleton className="h-8 w-56" />
      </LoadingBlock>
    );
  }
  if (!access.holds(flag)) {
    return (
      <EmptyState
        icon={ShieldAlertIcon}
        title="Access Denied"
        text={`${ACCESS_DENIED_MESSAGE}. Your role: ${access.role ?? 'none'}.`}
      />
    );
  }
  return <>{children}</>;
}
