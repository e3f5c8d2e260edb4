import type { AdminTab } from '@shared/roles';
import { ScreenHeader } from '@client/components/screen-header';
import { EmptyState } from '@client/components/ui/empty-state';
import { ADMIN_TAB_INFO } from './admin-tabs';

/** The heading of a tab: its title (spec 2 §2) and one line on what it is for. */
export function TabHeader({ tab }: { tab: AdminTab }) {
  const { title, summary } = ADMIN_TAB_INFO[tab];
  return <ScreenHeader title={title} description={summary} />;
}

/**
 * A tab whose screen is not built yet: its header and an honest empty state. Never sample figures
 * (DECISIONS.md "Real data, never fake figures").
 */
export function TabPlaceholder({ tab }: { tab: AdminTab }) {
  const { label, icon } = ADMIN_TAB_INFO[tab];
  return (
    <div className="flex flex-col gap-6">
      <TabHeader tab={tab} />
      <EmptyState
        icon={icon}
        headingLevel="h2"
        title={`${label} is coming in this release`}
        text="This section is being built. Nothing here is live yet, so no figures are shown."
      />
    </div>
  );
}
