import { RecentActivity } from './recent-activity';
import { StatTiles } from './stat-tiles';

/**
 * The staff dashboard (tab `dashboard`, spec 2 §2): the four tiles and the recent activity, every
 * figure from the server. The heading is the tab's title (spec 2 §2 table), which the shell also
 * puts in the window title; a tab's screen may not import the shell, so it is written here too.
 */
export default function DashboardOverview() {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
        <p className="text-sm text-muted-foreground">
          Customers, subscriptions, revenue and recent activity at a glance.
        </p>
      </div>
      <StatTiles />
      <RecentActivity />
    </div>
  );
}
