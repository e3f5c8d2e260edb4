import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BellIcon, LogOutIcon, TruckIcon } from 'lucide-react';
import { IconBadge } from '@client/components/icon-badge';
import { Button } from '@client/components/ui/button';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import { cn } from '@client/lib/cn';
import type { StaffUser } from '@client/lib/staff-auth';

/** Spec 2 §2 role badge colours: red admin (and root), orange manager, blue sales. */
const ROLE_BADGE: Record<string, string> = {
  admin: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
  root: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
  manager:
    'border-orange-200 bg-orange-50 text-orange-800 dark:border-orange-900 dark:bg-orange-950 dark:text-orange-200',
  sales: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200',
};
const ROLE_BADGE_OTHER = 'border-border bg-muted text-muted-foreground';

/**
 * The bell and the shell's notification poll (spec 2 §4), their own chunk: the shell draws at once
 * and the bell takes its place when loaded.
 */
const NotificationBell = lazy(() => import('../notifications/notification-bell'));

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

export function RoleBadge({ role, className }: { role: string; className?: string }) {
  return (
    <span
      data-role={role}
      className={cn(
        'inline-flex w-fit items-center whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium',
        ROLE_BADGE[role] ?? ROLE_BADGE_OTHER,
        className,
      )}
    >
      {`${role} Access`}
    </span>
  );
}

/**
 * The shell's header: brand, the signed-in user (initial, name, '{role} Access'), the notification
 * bell, theme toggle and Logout. `menuButton` is the mobile menu trigger, shown only on small screens.
 */
export function AdminHeader({ user, menuButton }: { user: StaffUser; menuButton?: ReactNode }) {
  const name = displayNameOf(user);
  const initial = name.charAt(0).toUpperCase() || '?';
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
          <div className="flex items-center gap-2 pr-1">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary"
            >
              {initial}
            </span>
            <div className="hidden min-w-0 flex-col items-start leading-tight sm:flex">
              <span className="max-w-40 truncate text-sm font-medium" title={user.email}>
                {name}
              </span>
              <RoleBadge role={user.role} className="mt-0.5 px-1.5 py-0 text-[11px] capitalize" />
            </div>
          </div>
          <Suspense fallback={<BellPlaceholder />}>
            <NotificationBell />
          </Suspense>
          <ThemeToggle />
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              // A full browser navigation (spec 2 §2): the server ends the session and redirects.
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
