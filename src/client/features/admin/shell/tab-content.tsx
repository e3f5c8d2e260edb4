import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminTab } from '@shared/roles';
import { Skeleton } from '@client/components/ui/skeleton';

/**
 * Every tab's screen, each its own lazy chunk (budget: 50 kB gzip per tab) so the shell's first load stays
 * small. A new tab in ADMIN_TABS does not type-check until its lazy import is added here.
 */
const TAB_SCREENS: Record<AdminTab, LazyExoticComponent<ComponentType>> = {
  plans: lazy(() => import('../plans/plans-manager')),
  customers: lazy(() => import('../customers/customers-screen')),
  dashboard: lazy(() => import('../dashboard/dashboard-overview')),
  users: lazy(() => import('../team/team-screen')),
  payments: lazy(() => import('../payments/payments-screen')),
  analytics: lazy(() => import('../analytics/analytics-screen')),
  revenue: lazy(() => import('../revenue/revenue-screen')),
  monitoring: lazy(() => import('../monitoring/monitoring-screen')),
  settings: lazy(() => import('../settings/settings-screen')),
  audit: lazy(() => import('../audit/audit-screen')),
  emails: lazy(() => import('../email/email-screen')),
  support: lazy(() => import('../support/support-screen')),
  'external-db': lazy(() => import('../external-db/external-db-screen')),
  crm: lazy(() => import('../crm/crm-screen')),
  // The fleet control center with the customers area's Customer Fleet sub-tab: two features meet here,
  // in the shell, so neither imports the other.
  fleet: lazy(() =>
    Promise.all([
      import('../fleet-center/fleet-control-center'),
      import('../customers/customer-fleet-tab'),
    ]).then(([center, customers]) => ({
      default: () => <center.FleetControlCenter customerFleet={<customers.CustomerFleetTab />} />,
    })),
  ),
};

function TabSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading section">
      <div className="space-y-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

export function TabContent({ tab }: { tab: AdminTab }) {
  const Screen = TAB_SCREENS[tab];
  return (
    <Suspense fallback={<TabSkeleton />}>
      <Screen />
    </Suspense>
  );
}
