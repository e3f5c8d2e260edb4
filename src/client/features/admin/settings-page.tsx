import { lazy, Suspense } from 'react';
import { canOpenTab } from '@shared/roles';
import { LoadingBlock } from '@client/components/loading-block';
import { StaffStandalonePage } from '@client/components/staff-standalone-page';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { AccessDenied } from './shell/access-denied';

// The same screen as the admin shell's `settings` tab (one component), mounted lazily.
const SettingsScreen = lazy(() => import('./settings/settings-screen'));

/**
 * `/admin/settings` (signed-in staff, docs/system-settings.md): System Settings on its own page, for the roles whose
 * tabs include `settings` (admin and root); the server refuses the calls to anyone else on its own.
 */
export default function SettingsPage() {
  const access = useStaffAccess();
  return (
    <StaffStandalonePage title="System Settings" backHref="/admin?tab=settings">
      {access.isLoading ? null : canOpenTab(access.role, 'settings') ? (
        <Suspense
          fallback={
            <LoadingBlock label="Loading settings">
              <Skeleton className="h-80 max-w-3xl" />
            </LoadingBlock>
          }
        >
          <SettingsScreen />
        </Suspense>
      ) : (
        <AccessDenied role={access.role ?? 'none'} />
      )}
    </StaffStandalonePage>
  );
}
