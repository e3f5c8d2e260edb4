import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useCustomerSignOut } from '@client/lib/use-customer-sign-out';
import {
  ArrowLeftIcon,
  ArrowUpDownIcon,
  CarIcon,
  LayoutDashboardIcon,
  LoaderCircleIcon,
  LogOutIcon,
  TruckIcon,
  UserRoundIcon,
  UsersIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { IconBadge } from '@client/components/icon-badge';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import OverviewTab from '../overview/overview-tab';
import { useFleetAccount } from './fleet-account';
import { FLEET_TAB_LABELS, FLEET_TABS, useFleetParams, type FleetTab } from './use-fleet-params';

// The app opens on the overview; every other tab is its own chunk, loaded when first opened.
const VehiclesTab = lazy(() => import('../vehicles/vehicles-tab'));
const DriversTab = lazy(() => import('../drivers/drivers-tab'));
const MaintenanceTab = lazy(() => import('../maintenance/maintenance-tab'));
const TeamTab = lazy(() => import('../team/team-tab'));
const ImportExportTab = lazy(() => import('../import-export/import-export-tab'));

const TAB_ICONS: Record<FleetTab, LucideIcon> = {
  overview: LayoutDashboardIcon,
  vehicles: CarIcon,
  drivers: UserRoundIcon,
  maintenance: WrenchIcon,
  team: UsersIcon,
  'import-export': ArrowUpDownIcon,
};

const ROLE_LABELS: Record<string, string> = { fleet_admin: 'Fleet admin', fleet_user: 'Fleet user' };

function TabFallback() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading
      </span>
      <Skeleton className="h-12 rounded-xl" />
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

function FleetHeader() {
  const { customer } = useFleetAccount();
  const { signOut: onLogout, leaving } = useCustomerSignOut();

  const person = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <IconBadge icon={TruckIcon} tone="brand" className="shrink-0" />
          <div className="min-w-0">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              {getAppName()} Fleet
            </p>
            <h1 className="truncate text-lg font-semibold leading-tight tracking-tight">
              {customer.companyName}
            </h1>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="truncate" data-testid="fleet-signed-in-as">
                {person}
              </span>
              {ROLE_LABELS[customer.role] ? (
                <Badge variant="secondary">{ROLE_LABELS[customer.role]}</Badge>
              ) : null}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href="/customer-dashboard">
              <ArrowLeftIcon aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={onLogout} disabled={leaving}>
            {leaving ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <LogOutIcon aria-hidden="true" />
            )}
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}

function Panel({ value, children }: { value: FleetTab; children: ReactNode }) {
  return (
    <TabsContent value={value} className="mt-2">
      <h2 className="sr-only">{FLEET_TAB_LABELS[value]}</h2>
      <Suspense fallback={<TabFallback />}>{children}</Suspense>
    </TabsContent>
  );
}

/** `/fleet-management` once signed in: header and the six tabs, the tab kept in `?tab=`. */
export function FleetShell() {
  const { tab, setTab } = useFleetParams();

  return (
    <div className="min-h-dvh bg-muted/40 text-foreground">
      <FleetHeader />
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 py-6 sm:px-6">
        <Tabs
          value={tab}
          onValueChange={(value) =>
            (FLEET_TABS as readonly string[]).includes(value) && setTab(value as FleetTab)
          }
          className="grid min-w-0 grid-cols-1 gap-2"
        >
          {/* On phones the row scrolls sideways rather than wrapping into a block of buttons. */}
          <TabsList aria-label="Fleet sections" className="h-10 w-full justify-start sm:w-fit">
            {FLEET_TABS.map((value) => {
              const Icon = TAB_ICONS[value];
              return (
                <TabsTrigger key={value} value={value} className="shrink-0 py-1.5">
                  <Icon aria-hidden="true" />
                  {FLEET_TAB_LABELS[value]}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <Panel value="overview">
            <OverviewTab />
          </Panel>
          <Panel value="vehicles">
            <VehiclesTab />
          </Panel>
          <Panel value="drivers">
            <DriversTab />
          </Panel>
          <Panel value="maintenance">
            <MaintenanceTab />
          </Panel>
          <Panel value="team">
            <TeamTab />
          </Panel>
          <Panel value="import-export">
            <ImportExportTab />
          </Panel>
        </Tabs>
      </main>
    </div>
  );
}
