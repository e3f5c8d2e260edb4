import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../shared/contracts/common';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  driver: z.enum(['pglite', 'pg']),
  databaseLatencyMs: z.number().nullable(),
  uptimeSeconds: z.number(),
});

export async function healthRoutes(app: FastifyInstance, { database }: Services) {
  routesFor(app, 'system').get('/api/health', {
    access: access.public,
    summary: 'Whether this instance is up and its database answers (503 if not)',
    response: { 200: healthResponse, 503: healthResponse },
    handler: async (request, reply) => {
      const base = { driver: database.driver, uptimeSeconds: Math.round(process.uptime()) };
      try {
        const latency = await database.ping();
        return {
          status: 'ok' as const,
          database: 'ok' as const,
          databaseLatencyMs: Math.round(latency * 100) / 100,
          ...base,
        };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database did not answer');
        return reply
          .status(503)
          .send({ status: 'unavailable', database: 'unavailable', databaseLatencyMs: null, ...base });
      }
    },
  });
}
