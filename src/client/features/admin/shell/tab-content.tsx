import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminTab } from '@shared/roles';
import { Skeleton } from '@client/components/ui/skeleton';
import { TabPlaceholder } from './tab-placeholder';

/**
 * The built tabs, each its own lazy chunk (budget: 50 kB gzip per tab) so the shell's first load stays
 * small. A tab missing here shows its placeholder. Add a tab by adding its lazy import.
 */
const TAB_SCREENS: Partial<Record<AdminTab, LazyExoticComponent<ComponentType>>> = {
  plans: lazy(() => import('../plans/plans-manager')),
  // TEMPORARY stand-in until the fleet control center lands (see the file).
  fleet: lazy(() => import('../impersonation/fleet-app-launcher')),
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
  if (!Screen) return <TabPlaceholder tab={tab} />;
  return (
    <Suspense fallback={<TabSkeleton />}>
      <Screen />
    </Suspense>
  );
}
