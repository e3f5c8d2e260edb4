import { CompassIcon } from 'lucide-react';
import { Link } from 'wouter';
import { usePageTitle } from '@client/lib/use-page-title';
import { PublicShell } from '@client/components/public-shell';
import { Button } from '@client/components/ui/button';

/** Any unknown path: '404 Page Not Found' under the site header, with a way home. */
export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <PublicShell>
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <CompassIcon className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
        <p className="text-sm text-muted-foreground">
          The page you are looking for does not exist or has moved. Check the address, or start again from the
          home page.
        </p>
        <Button asChild>
          <Link href="/">Go to the home page</Link>
        </Button>
      </div>
    </PublicShell>
  );
}
