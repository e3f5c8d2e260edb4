import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { usageAnalytics, type UsageAnalyticsQuery } from '@shared/contracts/usage-analytics';
import { getJson, searchParams } from '@client/lib/api';

/** Advanced Analytics' one call (docs/usage-analytics.md); the near-limit list pages through it. */
export const usageAnalyticsKey = ['/api/admin/usage-analytics'] as const;

export const usageAnalyticsQuery = (query: UsageAnalyticsQuery) =>
  queryOptions({
    queryKey: [...usageAnalyticsKey, query],
    queryFn: (context) => getJson(`${usageAnalyticsKey[0]}?${searchParams(query)}`, usageAnalytics, context),
    placeholderData: keepPreviousData,
  });
