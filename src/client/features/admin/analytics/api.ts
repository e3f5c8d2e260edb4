import { usageAnalytics, type UsageAnalyticsQuery } from '@shared/contracts/usage-analytics';
import { pagedQuery } from '@client/lib/paged-query';

/** Advanced Analytics' one call (docs/usage-analytics.md); the near-limit list pages through it. */
export const usageAnalyticsKey = ['/api/admin/usage-analytics'] as const;

export const usageAnalyticsQuery = (query: UsageAnalyticsQuery) =>
  pagedQuery(usageAnalyticsKey, usageAnalytics, query);
