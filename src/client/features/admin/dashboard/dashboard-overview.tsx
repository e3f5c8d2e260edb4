import { lazy, Suspense } from 'react';
import { MailTransportNotice } from '@client/components/mail-transport-notice';
import { ScreenHeader } from '@client/components/screen-header';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStaffAuth } from '@client/lib/staff-auth';
import { RecentActivity } from './recent-activity';
import { StatTiles } from './stat-tiles';

/**
 * A sales user's own commissions: its own chunk, loaded only for the sales role, so the dashboard the
 * other roles open first (bench: admin shell JS) does not carry it.
 */
const MyCommissionsCard = lazy(() => import('./my-commissions-card'));

/**
 * The staff dashboard (docs/fleet-control-center.md): the four tiles and the recent activity, every
 * figure from the server, and for the sales role, who has no Team Management tab, their own
 * commissions. The heading is the tab's title (docs/product-rules.md), which the shell also puts in the
 * window title; a tab's screen may not import the shell, so it is written here too.
 */
export default function DashboardOverview() {
  const { user } = useStaffAuth();
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader
        title="Admin Dashboard"
        description="Customers, subscriptions, revenue and recent activity at a glance."
      />
      <MailTransportNotice />
      <StatTiles />
      {user?.role === 'sales' ? (
        <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
          <MyCommissionsCard />
        </Suspense>
      ) : null}
      <RecentActivity />
    </div>
  );
}
