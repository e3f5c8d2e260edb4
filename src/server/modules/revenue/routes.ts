import type { FastifyInstance } from 'fastify';
import { access, errorResponse } from '../../../shared/contracts/common';
import { revenueAnalytics, revenueQuery, stripeMetrics } from '../../../shared/contracts/revenue';
import { revenueSource } from './source';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** Revenue analytics (docs/revenue.md) and the MRR figures of the Payments overview, from one MRR definition. */
export async function revenueRoutes(app: FastifyInstance, { db, clock }: Services) {
  const route = routesFor(app, 'revenue');
  const source = revenueSource(db, clock);

  route.get('/api/admin/revenue', {
    access: access.staffPermission('revenue', 'canViewAnalytics'),
    summary:
      'MRR, ARR, movements, churn, ARPA, LTV, MRR over time, cohorts, plan mix and revenue by month for a period',
    querystring: revenueQuery,
    response: { 200: revenueAnalytics, 400: errorResponse },
    handler: async (request) => source.revenue(request.query.period),
  });

  route.get('/api/admin/stripe-metrics', {
    access: access.staffPermission('payments', 'canViewPayments'),
    summary: 'MRR, ARR, paying and trialing subscriptions and the potential MRR of trials',
    response: { 200: stripeMetrics },
    handler: async () => source.metrics(),
  });
}
