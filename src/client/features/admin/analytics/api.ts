import { usageAnalytics, type UsageAnalyticsQuery } from '@shared/contracts/usage-analytics';
import { pagedQuery } from '@client/lib/calls';

/** Advanced Analytics' one call (docs/usage-analytics.md); the near-limit list pages through it. */

export const usageAnalyticsQuery = (query: UsageAnalyticsQuery) =>
  pagedQuery(['/api/admin/usage-analytics'], usageAnalytics, query);
