import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { canOpenTab } from '@shared/roles';
import { BackLinkButton } from '@client/components/back-link-button';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { usePageTitle } from '@client/lib/use-page-title';
import { AccessDenied } from './shell/access-denied';

// The same screen as the admin shell's `settings` tab (one component), mounted lazily.
const SettingsScreen = lazy(() => import('./settings/settings-screen'));

/**
 * `/admin/settings` (signed-in staff, spec 3 §2): System Settings on its own page, for the roles whose
 * tabs include `settings` (admin and root); the server refuses the calls to anyone else on its own.
 */
export default function SettingsPage() {
  usePageTitle('System Settings');
  const access = useStaffAccess();
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4">
          <Link
            href="/"
            className="rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {getAppName()}
          </Link>
          <div className="flex items-center gap-1">
            <BackLinkButton href="/admin" variant="ghost" size="sm">
              Back to admin
            </BackLinkButton>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:py-8">
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
      </main>
    </div>
  );
}
