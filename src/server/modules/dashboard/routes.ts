import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../../shared/contracts/common';
import { activityListQuery, activityPage, dashboardStats } from '../../../shared/contracts/dashboard';
import { activityPage as readActivityPage } from './activity';
import { dashboardStatsSource } from './stats';
import type { Services } from '../../services';

/** The staff dashboard's overview (docs/staff-dashboard.md): the four tiles and Recent Activity. */
export async function dashboardRoutes(app: FastifyInstance, { db, clock }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stats = dashboardStatsSource(db, clock);

  r.get('/api/admin/stats', {
    config: { access: access.staffTab('dashboard') },
    schema: {
      summary: 'Total customers, active subscriptions, monthly revenue and its month-over-month growth',
      tags: ['dashboard'],
      response: { 200: dashboardStats },
    },
    handler: async () => stats(),
  });

  r.get('/api/admin/activity', {
    config: { access: access.staffTab('dashboard') },
    schema: {
      summary: 'Recent activity across customers, newest first (5 a page unless asked, at most 100)',
      tags: ['dashboard'],
      querystring: activityListQuery,
      response: { 200: activityPage },
    },
    handler: async (request) => readActivityPage(db, request.query),
  });
}
