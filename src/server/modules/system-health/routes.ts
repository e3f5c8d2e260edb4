import type { FastifyInstance } from 'fastify';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  alertListQuery,
  alertPage,
  alertParams,
  resolveAlertResult,
  systemHealth,
} from '../../../shared/contracts/system-health';
import { actorOf } from '../audit';
import { listAlerts, resolveAlert, systemHealthReader } from './service';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

const monitoring = access.staffTab('monitoring');

/** System Health (tab `monitoring`: admin and manager; docs/system-health.md). */
export async function systemHealthRoutes(app: FastifyInstance, deps: Services) {
  const route = routesFor(app, 'system-health');
  const db = deps.database.db;
  const read = systemHealthReader(deps);

  route.get('/api/admin/system-health', {
    access: monitoring,
    summary: 'Every instance seen in the last minute, the database, API route groups, jobs and integrations',
    response: { 200: systemHealth },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return read();
    },
  });

  route.get('/api/admin/system-health/alerts', {
    access: monitoring,
    summary: 'Alerts raised when a threshold was crossed: open first, filtered by state and type',
    querystring: alertListQuery,
    response: { 200: alertPage },
    handler: async (request) => listAlerts(db, request.query),
  });

  route.post('/api/admin/system-health/alerts/:id/resolve', {
    access: monitoring,
    summary: 'Resolve an open alert (audited); the condition raises a new one if it is crossed again',
    params: alertParams,
    response: { 200: resolveAlertResult, 404: errorResponse, 409: errorResponse },
    handler: async (request) => {
      const alert = await resolveAlert(db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Alert resolved', alert };
    },
  });
}
