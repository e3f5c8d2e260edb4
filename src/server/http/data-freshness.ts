import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { DATA_CHANGED_HEADER, DATA_READ_HEADER } from '../../shared/data-domains';
import { newTouchedDomains, recordingDomains, type TouchedDomains } from '../db/data-domains';

declare module 'fastify' {
  interface FastifyRequest {
    /** What this request's handler read and wrote, by data domain (db/data-domains.ts). */
    touchedDomains?: TouchedDomains;
  }
}

/**
 * The server's half of the client's freshness model (docs/client-kit.md, "Freshness"): each API
 * handler runs recording the statements it issues, and its answer names the domains it read
 * (`X-Data-Read`) and wrote (`X-Data-Changed`). Only the handler is recorded: the sign-in lookup and
 * rate limits before it, and the meters after it, are the same for every request and say nothing about
 * what the screen shows. Registered before any route.
 */
export function registerDataFreshness(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const handler = route.handler as (
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => unknown;
    route.handler = function recordedHandler(this: FastifyInstance, request, reply) {
      const touched = newTouchedDomains();
      request.touchedDomains = touched;
      return recordingDomains(touched, () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });

  app.addHook('onSend', async (request, reply) => {
    const touched = request.touchedDomains;
    if (!touched) return;
    if (touched.read.size > 0) reply.header(DATA_READ_HEADER, [...touched.read].join(','));
    if (touched.written.size > 0) reply.header(DATA_CHANGED_HEADER, [...touched.written].join(','));
  });
}
