import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { crmLinkQuery } from './api';

/** The built-in fleet app: where the portal's fleet buttons go unless an external fleet CRM is set. */
export const DEFAULT_FLEET_URL = '/fleet-management';

/** Where the fleet buttons go: until the crm-link call answers, and if it fails, the built-in app. */
export function useFleetCrmUrl(): string {
  const query = useQuery(crmLinkQuery);
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
