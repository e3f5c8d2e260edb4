import { lazy, Suspense } from 'react';
import { canOpenTab } from '@shared/roles';
import { LoadingBlock } from '@client/components/loading-block';
import { StaffStandalonePage } from '@client/components/staff-standalone-page';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { AccessDenied } from './shell/access-denied';

// The same screen as the admin shell's `emails` tab (one component), mounted lazily.
const EmailScreen = lazy(() => import('./email/email-screen'));

/**
 * `/admin/email-settings` (signed-in staff, docs/email.md): Email Settings on its own page, for the roles
 * whose tabs include `emails` (admin, manager, root); the server refuses the calls to anyone else.
 */
export default function EmailSettingsPage() {
  const access = useStaffAccess();
  return (
    <StaffStandalonePage title="Email Settings" backHref="/admin?tab=emails">
      {access.isLoading ? null : canOpenTab(access.role, 'emails') ? (
        <Suspense
          fallback={
            <LoadingBlock label="Loading email settings">
              <Skeleton className="h-80" />
            </LoadingBlock>
          }
        >
          <EmailScreen />
        </Suspense>
      ) : (
        <AccessDenied role={access.role ?? 'none'} />
      )}
    </StaffStandalonePage>
  );
}
