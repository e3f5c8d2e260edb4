import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../shared/contracts/common';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** A database that takes longer than this reads as down: under a load balancer's usual 1 s probe timeout. */
export const READY_PING_TIMEOUT_MS = 500;

const readyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** Why not (docs/operations.md): only on a 503. */
  reason: z.enum(['migrations', 'starting', 'draining', 'database']).optional(),
});

/** `ping`, or a rejection once `ms` have passed without its answer. */
function withinMs(ping: () => Promise<number>, ms: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping(), late]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/ready: whether a load balancer should send this instance traffic. GET /api/health stays
 * the liveness check; this one also says no while the instance drains for a shutdown.
 */
export async function readinessRoutes(app: FastifyInstance, { database }: Services) {
  routesFor(app, 'system').get('/api/ready', {
    access: access.public,
    summary:
      'Whether a load balancer should send this instance traffic (503 while starting, draining or without its database)',
    response: { 200: readyResponse, 503: readyResponse },
    handler: async (request, reply) => {
      // A draining instance never turns ready again: no Retry-After, unlike a database that may come back.
      if (app.readiness.draining)
        return reply.status(503).send({ status: 'unavailable', reason: 'draining' });
      try {
        await withinMs(() => database.ping(), READY_PING_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database did not answer');
        return reply
          .status(503)
          .header('retry-after', '1')
          .send({ status: 'unavailable', reason: 'database' });
      }
      return { status: 'ready' as const };
    },
  });
}
