import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { TabsContent } from '@client/components/ui/tabs';
import OverviewTab from './overview/overview-tab';
import { visibleTabs, type PortalTab } from './portal-tab-list';

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

/** A tab loaded on first open, with its placeholder meanwhile. */
const later = (tab: ReactNode) => <Suspense fallback={<TabFallback />}>{tab}</Suspense>;

const PANELS: Record<PortalTab, (email: string) => ReactNode> = {
  overview: (email) => <OverviewTab email={email} />,
  plans: (email) => later(<PlansTab email={email} />),
  billing: (email) => later(<BillingTab email={email} />),
  support: () => later(<SupportTab />),
  settings: () => later(<SettingsTab />),
};

/** Each tab's panel under its heading for screen readers; a fleet_user has no Plans or Billing. */
export function PortalTabPanels({ email, member }: { email: string; member: boolean }) {
  return visibleTabs(member).map(({ value, label }) => (
    <TabsContent key={value} value={value}>
      <h2 className="sr-only">{label}</h2>
      {PANELS[value](email)}
    </TabsContent>
  ));
}
