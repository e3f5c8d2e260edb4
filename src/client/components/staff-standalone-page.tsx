import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BackLinkButton } from './back-link-button';
import { ThemeToggle } from './ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import { usePageTitle } from '@client/lib/use-page-title';

/**
 * A staff screen on its own page outside the admin shell (`/plans`, `/admin/settings`): the product's
 * name, the way back to its admin tab, the theme toggle, and the screen.
 */
export function StaffStandalonePage({
  title,
  backHref,
  children,
}: {
  title: string;
  /** The admin tab the page belongs to. */
  backHref: string;
  children: ReactNode;
}) {
  usePageTitle(title);
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
            <BackLinkButton href={backHref} variant="ghost" size="sm">
              Back to admin
            </BackLinkButton>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:py-8">{children}</main>
    </div>
  );
}
