import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../../shared/contracts/common';
import { usageAnalytics, usageAnalyticsQuery } from '../../../shared/contracts/usage-analytics';
import { usageAnalyticsReader } from './all-accounts';
import type { Services } from '../../services';

/** Advanced Analytics (tab `analytics`; docs/usage-analytics.md). */
export async function usageAnalyticsRoutes(app: FastifyInstance, { db, clock }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = usageAnalyticsReader(db, clock);
  r.get('/api/admin/usage-analytics', {
    config: { access: access.staffPermission('analytics', 'canViewAnalytics') },
    schema: {
      summary: 'Usage by plan and by month, and the customers near their plan limits (paged)',
      tags: ['usage-analytics'],
      querystring: usageAnalyticsQuery,
      response: { 200: usageAnalytics },
    },
    handler: async (request) => read(request.query),
  });
}
