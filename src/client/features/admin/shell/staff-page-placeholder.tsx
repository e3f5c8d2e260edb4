import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { ArrowLeftIcon, TruckIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import { usePageTitle } from '@client/lib/use-page-title';

/**
 * A separate staff page (/admin/email-settings, /admin/settings) that is not built yet: header, an
 * honest empty state and the way back to the admin dashboard. No sample figures.
 */
export function StaffPagePlaceholder({
  title,
  summary,
  icon,
}: {
  title: string;
  summary: string;
  icon: LucideIcon;
}) {
  usePageTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
          <Link
            href="/admin"
            className="flex items-center gap-2 rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <TruckIcon className="size-4" aria-hidden="true" />
            </span>
            {getAppName()}
            <span className="text-sm font-normal text-muted-foreground">Admin</span>
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8">
        <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
          <Link href="/admin">
            <ArrowLeftIcon aria-hidden="true" />
            Back to admin dashboard
          </Link>
        </Button>
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{summary}</p>
        </div>
        <EmptyState
          icon={icon}
          title={`${title} is coming in this release`}
          text="This page is being built. Nothing here is live yet, so no settings or figures are shown."
          action={
            <Button asChild variant="outline">
              <Link href="/admin">Back to admin dashboard</Link>
            </Button>
          }
        />
      </main>
    </div>
  );
}
