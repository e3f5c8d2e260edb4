import { lazy, Suspense } from 'react';
import { tabsForRole } from '@shared/roles';
import { RoleBadge } from '@client/components/role-badge';
import { PageSpinner } from '@client/components/ui/spinner';
import { useStaffAuth } from '@client/lib/staff-auth';
import { usePageTitle } from '@client/lib/use-page-title';
import { AccessDenied } from './shell/access-denied';
import { AdminHeader, displayNameOf } from './shell/admin-header';
import { AdminSidebar, MobileAdminMenu } from './shell/admin-sidebar';
import { ADMIN_TAB_INFO } from './shell/admin-tabs';
import { TabContent } from './shell/tab-content';
import { useAdminTab } from './shell/use-admin-tab';
import { useSessionWatch } from './shell/use-session-watch';

/**
 * A member still on the password they were given sets their own first (issue 11): its own chunk, as
 * only those members ever load it.
 */
const SetOwnPassword = lazy(() => import('./staff-password/set-own-password'));
const SET_PASSWORD_TITLE = 'Set your password';

/**
 * `/admin` for signed-in staff (docs/product-rules.md): the header, the role's menu and the active tab, which lives in
 * the URL (/admin?tab=id). The route shows the sign-in instead when nobody is signed in. Until the
 * member has set their own password, only that screen: no header (its bell polls), no tab, since the
 * server refuses them every call but the password change ('password_change_required'). No tooltip
 * provider here: a screen with tooltips mounts its own (components/ui/tooltip.tsx).
 */
export default function AdminShell() {
  const { user } = useStaffAuth();
  const { tab } = useAdminTab();
  useSessionWatch();
  const mustSetPassword = user?.isPasswordSet === false;
  usePageTitle(mustSetPassword ? SET_PASSWORD_TITLE : ADMIN_TAB_INFO[tab].title);

  // The route renders the shell only with a user; this covers the instant the session is dropped.
  if (!user) return <PageSpinner />;
  if (mustSetPassword) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SetOwnPassword user={user} />
      </Suspense>
    );
  }

  const allowed = tabsForRole(user.role);
  const permitted = allowed.includes(tab);
  const name = displayNameOf(user);

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <AdminHeader
        user={user}
        menuButton={
          <MobileAdminMenu
            allowed={allowed}
            active={tab}
            userSummary={
              <div className="flex flex-col items-start gap-1 pt-1 sm:hidden">
                <span className="text-sm font-medium">{name}</span>
                <RoleBadge role={user.role} className="capitalize" />
              </div>
            }
          />
        }
      />
      <div className="flex">
        <AdminSidebar allowed={allowed} active={tab} />
        <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-7xl">
            {permitted ? <TabContent key={tab} tab={tab} /> : <AccessDenied role={user.role} />}
          </div>
        </main>
      </div>
    </div>
  );
}
