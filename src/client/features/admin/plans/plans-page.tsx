import { Link } from 'wouter';
import { BackLinkButton } from '@client/components/back-link-button';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import { usePageTitle } from '@client/lib/use-page-title';
import PlansManager from './plans-manager';

/** `/plans` (signed-in staff): the plans manager on its own page, with a way back to the admin tab. */
export default function PlansPage() {
  usePageTitle('Subscription Plans');
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
            <BackLinkButton href="/admin?tab=plans" variant="ghost" size="sm">
              Back to admin
            </BackLinkButton>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:py-8">
        <PlansManager />
      </main>
    </div>
  );
}
