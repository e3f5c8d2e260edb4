import type { FastifyInstance } from 'fastify';
import { access } from '../../../shared/contracts/common';
import { activityListQuery, activityPage, dashboardStats } from '../../../shared/contracts/dashboard';
import { activityPage as readActivityPage } from './activity';
import { dashboardStatsSource } from './stats';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** The staff dashboard's overview (docs/staff-dashboard.md): the four tiles and Recent Activity. */
export async function dashboardRoutes(app: FastifyInstance, { db, clock }: Services) {
  const route = routesFor(app, 'dashboard');
  const stats = dashboardStatsSource(db, clock);

  route.get('/api/admin/stats', {
    access: access.staffTab('dashboard'),
    summary: 'Total customers, active subscriptions, monthly revenue and its month-over-month growth',
    response: { 200: dashboardStats },
    handler: async () => stats(),
  });

  route.get('/api/admin/activity', {
    access: access.staffTab('dashboard'),
    summary: 'Recent activity across customers, newest first (5 a page unless asked, at most 100)',
    querystring: activityListQuery,
    response: { 200: activityPage },
    handler: async (request) => readActivityPage(db, request.query),
  });
}
