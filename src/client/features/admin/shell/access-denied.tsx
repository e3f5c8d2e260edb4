import { Link } from 'wouter';
import { ShieldAlertIcon } from 'lucide-react';
import { ACCESS_DENIED_MESSAGE } from '@shared/roles';
import { IconBadge } from '@client/components/icon-badge';
import { Button } from '@client/components/ui/button';
import { RoleBadge } from '@client/components/role-badge';

/**
 * Shown for a tab outside the user's role (docs/product-rules.md). Only a view: the server answers 403 to the
 * tab's API calls on its own.
 */
export function AccessDenied({ role }: { role: string }) {
  return (
    <section
      aria-labelledby="access-denied-title"
      className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-destructive/40 px-6 py-12 text-center"
    >
      <IconBadge icon={ShieldAlertIcon} size="lg" shape="circle" tone="destructive" />
      <h1 id="access-denied-title" className="text-xl font-semibold">
        Access Denied
      </h1>
      <p className="max-w-md text-sm text-muted-foreground">{ACCESS_DENIED_MESSAGE}</p>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        Your role:
        <RoleBadge role={role} className="capitalize" />
      </p>
      <Button asChild variant="outline" className="mt-2">
        <Link href="/admin">Back to Overview</Link>
      </Button>
    </section>
  );
}
