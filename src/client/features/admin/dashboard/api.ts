import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { activityPageFeed, dashboardStatsFeed } from '@shared/contracts/dashboard-feed';
import { myCommissionsFeed } from '@shared/contracts/my-commissions-feed';
import { DEFAULT_STAFF_PREFERENCES } from '@shared/staff-preferences';
import { getJson, searchParams } from '@client/lib/api';
import { useStaffAuth } from '@client/lib/staff-auth';

/*
 * The dashboard's calls (spec 2 §7). Every key starts with `staffDashboardKey`, so the live
 * notifications poll refreshes the tiles and the feed by that one root.
 */

export const staffDashboardKey = ['staff-dashboard'] as const;

/** GET /api/admin/stats: the four tiles. */
export const dashboardStatsQuery = queryOptions({
  queryKey: [...staffDashboardKey, 'stats'],
  queryFn: ({ signal }) => getJson('/api/admin/stats', dashboardStatsFeed, { signal }),
});

export type ActivityPageRequest = { page: number; pageSize: number };

/** GET /api/admin/activity: one page of the feed, newest first, paged on the server. */
export const activityQuery = (request: ActivityPageRequest) =>
  queryOptions({
    queryKey: [...staffDashboardKey, 'activity', request],
    queryFn: ({ signal }) =>
      getJson(`/api/admin/activity?${searchParams(request)}`, activityPageFeed, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/my-commissions: the signed-in sales user's own figures and last five commissions. */
export const myCommissionsQuery = queryOptions({
  queryKey: [...staffDashboardKey, 'my-commissions'],
  queryFn: ({ signal }) => getJson('/api/admin/my-commissions', myCommissionsFeed, { signal }),
});

/** The shortest refresh the preferences offer (spec 2 §9): nothing asks the server more often. */
const MIN_REFRESH_SECONDS = 15;

/**
 * How often the dashboard's figures refresh themselves: the member's `dashboardRefresh` preference
 * (seconds, spec 2 §9; 30 by default), as a query's `refetchInterval`. Only while the page is visible
 * (TanStack Query's default), so a tab in the background does not poll.
 */
export function useDashboardRefreshMs(): number {
  const { user } = useStaffAuth();
  const seconds = user?.preferences.dashboardRefresh ?? DEFAULT_STAFF_PREFERENCES.dashboardRefresh;
  return Math.max(MIN_REFRESH_SECONDS, seconds) * 1000;
}
