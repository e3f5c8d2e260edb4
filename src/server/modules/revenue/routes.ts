import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, errorResponse } from '../../../shared/contracts/common';
import { revenueAnalytics, revenueQuery, stripeMetrics } from '../../../shared/contracts/revenue';
import { revenueSource } from './analytics';
import type { Services } from '../../services';

/** Revenue analytics (docs/revenue.md) and the MRR figures of the Payments overview, from one MRR definition. */
export async function revenueRoutes(app: FastifyInstance, { db, clock }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const source = revenueSource(db, clock);

  r.get('/api/admin/revenue', {
    config: { access: access.staffPermission('revenue', 'canViewAnalytics') },
    schema: {
      summary:
        'MRR, ARR, movements, churn, ARPA, LTV, MRR over time, cohorts, plan mix and revenue by month for a period',
      tags: ['revenue'],
      querystring: revenueQuery,
      response: { 200: revenueAnalytics, 400: errorResponse },
    },
    handler: async (request) => source.revenue(request.query.period),
  });

  r.get('/api/admin/stripe-metrics', {
    config: { access: access.staffPermission('payments', 'canViewPayments') },
    schema: {
      summary: 'MRR, ARR, paying and trialing subscriptions and the potential MRR of trials',
      tags: ['revenue'],
      response: { 200: stripeMetrics },
    },
    handler: async () => source.metrics(),
  });
}
