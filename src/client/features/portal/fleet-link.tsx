import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { apiJsonUnchecked } from '@client/lib/api';

/** The built-in fleet app: where the portal's fleet buttons go unless an external fleet CRM is set. */
export const DEFAULT_FLEET_URL = '/fleet-management';

/**
 * GET /api/fleet/crm-link: the configured external fleet CRM, or the built-in fleet app (DECISIONS.md
 * "The fleet app is real"). Until it answers, and if it fails, the built-in app is the answer.
 */
export function useFleetCrmUrl(): string {
  const query = useQuery({
    queryKey: ['/api/fleet/crm-link'],
    queryFn: () => apiJsonUnchecked<{ url: string }>('GET', '/api/fleet/crm-link'),
    staleTime: 10 * 60 * 1000,
  });
  return query.data?.url || DEFAULT_FLEET_URL;
}

/** Same-site paths are in-app navigation; an absolute URL leaves the site with a full page load. */
function isInApp(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** A button that opens the fleet app (or the configured fleet CRM). */
export function FleetAppButton({
  children,
  ...props
}: Omit<ButtonProps, 'asChild' | 'onClick'> & { children: ReactNode }) {
  const url = useFleetCrmUrl();
  if (isInApp(url)) {
    return (
      <Button asChild {...props}>
        <Link href={url}>{children}</Link>
      </Button>
    );
  }
  return (
    <Button {...props} onClick={() => window.location.assign(url)}>
      {children}
    </Button>
  );
}
