import { lazy, Suspense, type ComponentType } from 'react';
import {
  ArrowUpDownIcon,
  CarIcon,
  LayoutDashboardIcon,
  LockIcon,
  UserRoundIcon,
  UsersIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { BackLinkButton } from '@client/components/back-link-button';
import { CustomerHeader } from '@client/components/customer-header';
import { LoadingBlock } from '@client/components/loading-block';
import { missingFeature, NeedsFeature } from '@client/components/needs-feature';
import { Badge } from '@client/components/ui/badge';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { getAppName } from '@client/lib/app-name';
import { featureLockedMessage, type EnforcedFeature } from '@shared/feature-access';
import OverviewTab from '../overview/overview-tab';
import { useFleetAccount } from './fleet-account';
import { StaffBanner } from './staff-banner';
import { FLEET_TAB_LABELS, FLEET_TABS, useFleetParams, type FleetTab } from './use-fleet-params';

/**
 * Each tab's icon, screen and the feature access switches it needs (docs/feature-access.md). The app
 * opens on the overview; every other tab is its own chunk.
 */
const TABS: Record<
  FleetTab,
  { icon: LucideIcon; Screen: ComponentType; features?: readonly EnforcedFeature[] }
> = {
  overview: { icon: LayoutDashboardIcon, Screen: OverviewTab },
  vehicles: {
    icon: CarIcon,
    Screen: lazy(() => import('../vehicles/vehicles-tab')),
    features: ['vehicleTracking'],
  },
  drivers: {
    icon: UserRoundIcon,
    Screen: lazy(() => import('../drivers/drivers-tab')),
    features: ['driverManagement'],
  },
  maintenance: {
    icon: WrenchIcon,
    Screen: lazy(() => import('../maintenance/maintenance-tab')),
    features: ['maintenanceScheduling'],
  },
  team: { icon: UsersIcon, Screen: lazy(() => import('../team/team-tab')) },
  'import-export': {
    icon: ArrowUpDownIcon,
    Screen: lazy(() => import('../import-export/import-export-tab')),
  },
};

const ROLE_LABELS: Record<string, string> = { fleet_admin: 'Fleet admin', fleet_user: 'Fleet user' };

function TabFallback() {
  return (
    <LoadingBlock label="Loading" className="gap-4">
      <Skeleton className="h-12 rounded-xl" />
      <Skeleton className="h-80 rounded-xl" />
    </LoadingBlock>
  );
}

function FleetHeader() {
  const { customer, staffViewer } = useFleetAccount();
  const person = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
  return (
    <CustomerHeader
      className="max-w-7xl gap-3 py-3"
      actions={
        // The portal is billing and passwords: not for staff viewing the account (the banner exits).
        staffViewer ? null : (
          <BackLinkButton href="/customer-dashboard" size="sm">
            Back to Dashboard
          </BackLinkButton>
        )
      }
    >
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        {getAppName()} Fleet
      </p>
      <h1 className="truncate text-lg font-semibold leading-tight tracking-tight">{customer.companyName}</h1>
      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span className="truncate" data-testid="fleet-signed-in-as">
          {person}
        </span>
        {ROLE_LABELS[customer.role] ? <Badge variant="secondary">{ROLE_LABELS[customer.role]}</Badge> : null}
      </p>
    </CustomerHeader>
  );
}

/** `/fleet-management` once signed in: header and the six tabs, the tab kept in `?tab=`. */
export function FleetShell() {
  const { tab, setTab } = useFleetParams();
  const { staffViewer, customer } = useFleetAccount();

  return (
    <div className="min-h-dvh bg-muted/40 text-foreground">
      {staffViewer ? <StaffBanner staff={staffViewer} /> : null}
      <FleetHeader />
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 py-6 sm:px-6">
        <Tabs
          value={tab}
          onValueChange={(value) =>
            (FLEET_TABS as readonly string[]).includes(value) && setTab(value as FleetTab)
          }
          className="grid min-w-0 grid-cols-1 gap-2"
        >
          {/* On phones the strip wraps (ui/tabs.tsx): every tab, and the selected one, stays in view. */}
          <TabsList aria-label="Fleet sections" className="min-h-10">
            {FLEET_TABS.map((value) => {
              const Icon = TABS[value].icon;
              const locked = missingFeature(customer.featureAccess, TABS[value].features ?? []);
              return (
                <TabsTrigger
                  key={value}
                  value={value}
                  className="h-8"
                  title={locked ? featureLockedMessage(locked) : undefined}
                >
                  <Icon aria-hidden="true" />
                  {FLEET_TAB_LABELS[value]}
                  {locked ? <LockIcon aria-label="not included" className="opacity-70" /> : null}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {FLEET_TABS.map((value) => {
            const { Screen, features = [] } = TABS[value];
            return (
              <TabsContent key={value} value={value} className="mt-2">
                <h2 className="sr-only">{FLEET_TAB_LABELS[value]}</h2>
                <NeedsFeature access={customer.featureAccess} features={features}>
                  <Suspense fallback={<TabFallback />}>
                    <Screen />
                  </Suspense>
                </NeedsFeature>
              </TabsContent>
            );
          })}
        </Tabs>
      </main>
    </div>
  );
}
