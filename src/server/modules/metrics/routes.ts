import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { metricsRefusal } from './access';

/**
 * `GET /metrics`: this instance's Prometheus metrics (docs/system-health.md, "Metrics"). Outside `/api`,
 * so neither the access layer nor System Health's request figures see it; it checks its caller itself
 * (a token, or this machine) and is left out of the OpenAPI document.
 */
export async function metricsRoutes(app: FastifyInstance, { config, metrics }: Services) {
  app.get('/metrics', {
    schema: { hide: true },
    onRequest: async (request, reply) => {
      const refusal = metricsRefusal(request, config.metricsToken);
      if (!refusal) return;
      if (refusal.status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.status(refusal.status).send({ message: refusal.message });
    },
    handler: async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  });
}
