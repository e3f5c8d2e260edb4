import { lazy, Suspense } from 'react';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { TabsContent } from '@client/components/ui/tabs';
import OverviewTab from './overview/overview-tab';

// Each tab past the first is its own chunk: the portal opens on the overview.
const PlansTab = lazy(() => import('./plans/plans-tab'));
const BillingTab = lazy(() => import('./billing/billing-tab'));
const SettingsTab = lazy(() => import('./settings/settings-tab'));
const SupportTab = lazy(() => import('./support/support-tab'));

function TabFallback() {
  return (
    <LoadingBlock label="Loading" className="gap-4">
      <Skeleton className="h-40 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </LoadingBlock>
  );
}

/** Each tab's panel under its heading for screen readers; a fleet_user has no Plans or Billing. */
export function PortalTabPanels({ email, member }: { email: string; member: boolean }) {
  return (
    <>
      <TabsContent value="overview">
        <h2 className="sr-only">Overview</h2>
        <OverviewTab email={email} />
      </TabsContent>
      {member ? null : (
        <>
          <TabsContent value="plans">
            <h2 className="sr-only">Plans</h2>
            <Suspense fallback={<TabFallback />}>
              <PlansTab email={email} />
            </Suspense>
          </TabsContent>
          <TabsContent value="billing">
            <h2 className="sr-only">Billing & Payments</h2>
            <Suspense fallback={<TabFallback />}>
              <BillingTab email={email} />
            </Suspense>
          </TabsContent>
        </>
      )}
      <TabsContent value="support">
        <h2 className="sr-only">Support</h2>
        <Suspense fallback={<TabFallback />}>
          <SupportTab />
        </Suspense>
      </TabsContent>
      <TabsContent value="settings">
        <h2 className="sr-only">Settings</h2>
        <Suspense fallback={<TabFallback />}>
          <SettingsTab />
        </Suspense>
      </TabsContent>
    </>
  );
}
