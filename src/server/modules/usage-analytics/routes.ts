import type { FastifyInstance } from 'fastify';
import { access } from '../../../shared/contracts/common';
import { usageAnalytics, usageAnalyticsQuery } from '../../../shared/contracts/usage-analytics';
import { usageAnalyticsReader } from './all-accounts';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** Advanced Analytics (tab `analytics`; docs/usage-analytics.md). */
export async function usageAnalyticsRoutes(app: FastifyInstance, { db, clock }: Services) {
  const route = routesFor(app, 'usage-analytics');
  const read = usageAnalyticsReader(db, clock);
  route.get('/api/admin/usage-analytics', {
    access: access.staffPermission('analytics', 'canViewAnalytics'),
    summary: 'Usage by plan and by month, and the customers near their plan limits (paged)',
    querystring: usageAnalyticsQuery,
    response: { 200: usageAnalytics },
    handler: async (request) => read(request.query),
  });
}
