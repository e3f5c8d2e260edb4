import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCwIcon, UsersIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { ScreenSections } from '@client/components/screen-sections';
import { cn } from '@client/lib/cn';
import { FLEET_CENTER_REFRESH_ROOTS, fleetCrmQuery } from './api';
import { AnalyticsTab } from './analytics-tab';
import { CrmTab } from './crm-tab';
import { HandOffBadge } from './hand-off-badge';
import { MonitoringTab } from './monitoring-tab';

/** The customers screen has no menu entry (docs/product-rules.md): the fleet center links to it. */
const CUSTOMERS_HREF = '/admin?tab=customers';

/** The four sub-tabs, in order; Customer Fleet is the default and has no `view` in the address. */
const VIEW_LABELS = {
  customers: 'Customer Fleet',
  analytics: 'Analytics',
  monitoring: 'Live Monitoring',
  crm: 'CRM Integration',
} as const;

function FleetCrmStatus() {
  const crm = useQuery(fleetCrmQuery);
  if (crm.isPending) return <Skeleton className="h-5 w-36" />;
  // The badge is a status, not a screen: when it cannot be read it says nothing rather than guess.
  if (crm.isError) return null;
  return <HandOffBadge handOff={crm.data.handOff} />;
}

function RefreshButton() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({
    predicate: (q) => FLEET_CENTER_REFRESH_ROOTS.some((root) => q.queryKey[0] === root[0]),
  });
  const refresh = () =>
    Promise.all(
      FLEET_CENTER_REFRESH_ROOTS.map((root) => queryClient.invalidateQueries({ queryKey: [...root] })),
    );
  return (
    <Button variant="outline" onClick={() => void refresh()} disabled={fetching > 0}>
      <RefreshCwIcon className={cn(fetching > 0 && 'animate-spin')} aria-hidden="true" />
      {fetching > 0 ? 'Refreshing...' : 'Refresh'}
    </Button>
  );
}

/**
 * The Fleet Control Center (docs/fleet-control-center.md): the header, the refresh of every figure and
 * list on it, and four sub-tabs. The Customer Fleet sub-tab is the customers area's and comes in
 * as `customerFleet`, so this area does not import it (the lead wires the two in the shell).
 * The heading is the tab's title (docs/product-rules.md); a tab's screen may not import the shell.
 */
export function FleetControlCenter({ customerFleet }: { customerFleet: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-semibold tracking-tight">Fleet Management</h1>
            <FleetCrmStatus />
          </div>
          <p className="text-sm text-muted-foreground">
            Customer accounts, their plans, limits and fleet health.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline">
            <Link href={CUSTOMERS_HREF}>
              <UsersIcon aria-hidden="true" />
              Customers
            </Link>
          </Button>
          <RefreshButton />
        </div>
      </div>

      <ScreenSections sections={VIEW_LABELS} label="Fleet Control Center sections">
        {(view) =>
          view === 'customers' ? (
            customerFleet
          ) : view === 'analytics' ? (
            <AnalyticsTab />
          ) : view === 'monitoring' ? (
            <MonitoringTab />
          ) : (
            <CrmTab />
          )
        }
      </ScreenSections>
    </div>
  );
}
