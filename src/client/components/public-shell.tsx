import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TruckIcon } from 'lucide-react';
import { IconBadge } from '@client/components/icon-badge';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';

/**
 * The frame of the customer's single-card pages (sign-in, change password, checkout): the app's name
 * linking home and the theme switch above, the card centred below.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 text-foreground">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <IconBadge icon={TruckIcon} size="sm" tone="brand" iconClassName="size-4.5" />
          {getAppName()}
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        {children}
      </main>
    </div>
  );
}
