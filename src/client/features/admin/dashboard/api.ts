import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { activityPageFeed, dashboardStatsFeed } from '@shared/contracts/dashboard-feed';
import { myCommissionsFeed } from '@shared/contracts/my-commissions-feed';
import { getJson, searchParams } from '@client/lib/calls';

/*
 * The dashboard's calls (docs/staff-dashboard.md). Every key starts with `staffDashboardKey`, so the live
 * notifications poll refreshes the tiles and the feed by that one root.
 */

export const staffDashboardKey = ['staff-dashboard'] as const;

/** GET /api/admin/stats: the four tiles. */
export const dashboardStatsQuery = queryOptions({
  queryKey: [...staffDashboardKey, 'stats'],
  queryFn: (context) => getJson('/api/admin/stats', dashboardStatsFeed, context),
});

export type ActivityPageRequest = { page: number; pageSize: number };

/** GET /api/admin/activity: one page of the feed, newest first, paged on the server. */
export const activityQuery = (request: ActivityPageRequest) =>
  queryOptions({
    queryKey: [...staffDashboardKey, 'activity', request],
    queryFn: (context) => getJson(`/api/admin/activity?${searchParams(request)}`, activityPageFeed, context),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/my-commissions: the signed-in sales user's own figures and last five commissions. */
export const myCommissionsQuery = queryOptions({
  queryKey: [...staffDashboardKey, 'my-commissions'],
  queryFn: (context) => getJson('/api/admin/my-commissions', myCommissionsFeed, context),
});
