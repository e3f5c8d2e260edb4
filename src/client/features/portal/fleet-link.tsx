import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLinkIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { crmLinkQuery } from './api';

/** The built-in fleet app: where the portal's fleet button goes unless an external fleet CRM is set. */
export const DEFAULT_FLEET_URL = '/fleet-management';

/** Same-site paths are in-app navigation; an absolute URL leaves the site with a full page load. */
function isInApp(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * Where the fleet button goes: until the crm-link call answers, and if it fails, the built-in app.
 * `external` is true when it leaves this site (a configured fleet CRM), so the button can say so.
 */
export function useFleetDestination(): { url: string; external: boolean } {
  const query = useQuery(crmLinkQuery);
  const url = query.data?.url || DEFAULT_FLEET_URL;
  return { url, external: !isInApp(url) };
}

/**
 * The link that opens the fleet app, styled as a button: in-app navigation to the built-in app, or a
 * plain link to the configured fleet CRM, marked external (icon, and "external site" for screen readers).
 */
export function FleetAppButton({
  children,
  ...props
}: Omit<ButtonProps, 'asChild' | 'onClick'> & { children: ReactNode }) {
  const { url, external } = useFleetDestination();
  if (!external) {
    return (
      <Button asChild {...props}>
        <Link href={url}>{children}</Link>
      </Button>
    );
  }
  return (
    <Button asChild {...props}>
      <a href={url} data-external="true">
        {children}
        <ExternalLinkIcon aria-hidden="true" />
        <span className="sr-only"> (external site)</span>
      </a>
    </Button>
  );
}
