import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

const monitoring = access.staffTab('monitoring');

/** System Health (tab `monitoring`: admin and manager; docs/system-health.md). */
export async function systemHealthRoutes(app: FastifyInstance, deps: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const read = systemHealthReader(deps);

  r.get('/api/admin/system-health', {
    config: { access: monitoring },
    schema: {
      summary:
        'Every instance seen in the last minute, the database, API route groups, jobs and integrations',
      tags: ['system-health'],
      response: { 200: systemHealth },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return read();
    },
  });

  r.get('/api/admin/system-health/alerts', {
    config: { access: monitoring },
    schema: {
      summary: 'Alerts raised when a threshold was crossed: open first, filtered by state and type',
      tags: ['system-health'],
      querystring: alertListQuery,
      response: { 200: alertPage },
    },
    handler: async (request) => listAlerts(db, request.query),
  });

  r.post('/api/admin/system-health/alerts/:id/resolve', {
    config: { access: monitoring },
    schema: {
      summary: 'Resolve an open alert (audited); the condition raises a new one if it is crossed again',
      tags: ['system-health'],
      params: alertParams,
      response: { 200: resolveAlertResult, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => {
      const alert = await resolveAlert(db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Alert resolved', alert };
    },
  });
}
