import { Suspense, type ReactNode } from 'react';
import { canOpenTab, type AdminTab } from '@shared/roles';
import { LoadingBlock } from '@client/components/loading-block';
import { StaffStandalonePage } from '@client/components/staff-standalone-page';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { AccessDenied } from './shell/access-denied';

/**
 * A shell tab's screen on its own page (`/admin/settings`, `/admin/email-settings`): shown to the roles
 * whose tabs include `tab`, with the way back to that tab; anyone else reads why they may not. The
 * screen is the tab's own component, mounted lazily (`children`), with `loading` as its placeholder.
 */
export function StandaloneTabPage({
  tab,
  title,
  loading,
  skeletonClassName,
  children,
}: {
  tab: AdminTab;
  title: string;
  loading: string;
  skeletonClassName: string;
  children: ReactNode;
}) {
  const access = useStaffAccess();
  return (
    <StaffStandalonePage title={title} backHref={`/admin?tab=${tab}`}>
      {access.isLoading ? null : canOpenTab(access.role, tab) ? (
        <Suspense
          fallback={
            <LoadingBlock label={loading}>
              <Skeleton className={skeletonClassName} />
            </LoadingBlock>
          }
        >
          {children}
        </Suspense>
      ) : (
        <AccessDenied role={access.role ?? 'none'} />
      )}
    </StaffStandalonePage>
  );
}
