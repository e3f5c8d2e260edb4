import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { BellIcon, LogOutIcon, TruckIcon } from 'lucide-react';
import { IconBadge } from '@client/components/icon-badge';
import { RoleBadge } from '@client/components/role-badge';
import { Button } from '@client/components/ui/button';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import type { StaffUser } from '@client/lib/staff-auth';
import type { Theme } from '@client/lib/theme';
import { useStaffPreferences } from '@client/lib/use-staff-preferences';

/**
 * The bell and the shell's notification poll (docs/staff-notifications.md), their own chunk: the shell draws at once
 * and the bell takes its place when loaded.
 */
const NotificationBell = lazy(() => import('../notifications/notification-bell'));

/** The user profile dialog (docs/staff-profile.md) and its tabs: loaded when first opened (or pointed at). */
const loadProfileDialog = () => import('../profile/profile-dialog');
const ProfileDialog = lazy(loadProfileDialog);

function BellPlaceholder() {
  return (
    <Button variant="ghost" size="icon" disabled aria-label="Notifications">
      <BellIcon aria-hidden="true" />
    </Button>
  );
}

/** The name shown in the header: first and last name, or the local part of the email without one. */
export function displayNameOf(user: Pick<StaffUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email.split('@')[0] || user.email;
}

/**
 * The shell's header: brand, the signed-in user (initial, name, '{role} Access'), which opens the
 * profile dialog, the notification bell, theme toggle and Logout. `menuButton` is the mobile menu
 * trigger, shown only on small screens. It also applies the member's saved preferences to the shell
 * (theme, timezone of dates) before the screens below it render.
 */
export function AdminHeader({ user, menuButton }: { user: StaffUser; menuButton?: ReactNode }) {
  useStaffPreferences(user);
  const queryClient = useQueryClient();
  const [profile, setProfile] = useState<'closed' | 'open' | 'shut'>('closed');
  const profileButton = useRef<HTMLButtonElement>(null);
  const name = displayNameOf(user);
  const initial = name.charAt(0).toUpperCase() || '?';
  // The toggle's choice becomes the saved preference too, so the two never disagree.
  const saveTheme = (theme: Theme) =>
    void import('../profile/theme-preference').then((m) => m.saveThemePreference(queryClient, theme));
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-14 items-center gap-2 px-3 sm:px-4">
        {menuButton}
        <Link
          href="/admin"
          className="flex items-center gap-2 rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <IconBadge icon={TruckIcon} size="sm" tone="brand" />
          <span>{getAppName()}</span>
          <span className="hidden text-sm font-normal text-muted-foreground md:inline">Admin</span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <button
            ref={profileButton}
            type="button"
            aria-haspopup="dialog"
            aria-label={`Your profile: ${name}`}
            title={user.email}
            onClick={() => setProfile('open')}
            onPointerEnter={() => void loadProfileDialog()}
            className="flex items-center gap-2 rounded-md p-1 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:pr-2"
          >
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary"
            >
              {initial}
            </span>
            <span className="hidden min-w-0 flex-col items-start leading-tight sm:flex">
              <span className="max-w-40 truncate text-sm font-medium">{name}</span>
              <RoleBadge role={user.role} className="mt-0.5 px-1.5 py-0 text-[11px] capitalize" />
            </span>
          </button>
          {profile === 'closed' ? null : (
            <Suspense fallback={null}>
              <ProfileDialog
                open={profile === 'open'}
                onOpenChange={(open) => setProfile(open ? 'open' : 'shut')}
                returnFocusTo={profileButton}
              />
            </Suspense>
          )}
          <Suspense fallback={<BellPlaceholder />}>
            <NotificationBell />
          </Suspense>
          <ThemeToggle onChoose={saveTheme} />
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              // A full browser navigation: the server ends the session and redirects.
              window.location.assign('/api/admin/logout');
            }}
          >
            <LogOutIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Logout</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
