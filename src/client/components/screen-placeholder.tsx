import { ConstructionIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { getAppName } from '@client/lib/app-name';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { ThemeToggle } from '@client/components/ui/theme-toggle';

/**
 * An honest stand-in for a screen that is not built yet: page header and an empty state saying so.
 * Delete the import when the real screen replaces its placeholder.
 */
export function ScreenPlaceholder({
  title,
  description,
  icon = ConstructionIcon,
  home = { href: '/', label: 'Back to home' },
}: {
  title: string;
  description?: string;
  icon?: LucideIcon;
  /** Where the brand and the way back lead: the site, or the admin dashboard for staff pages. */
  home?: { href: string; label: string };
}) {
  usePageTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
          <Link
            href={home.href}
            className="rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {getAppName()}
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-10">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        <EmptyState
          icon={icon}
          title={`${title} is coming in this release`}
          text="This screen is being built. Nothing here is live yet, so no figures are shown."
          action={
            <Button asChild variant="outline">
              <Link href={home.href}>{home.label}</Link>
            </Button>
          }
        />
      </main>
    </div>
  );
}
