import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * An incoming X-Request-Id worth keeping: what proxies and tracers send (UUIDs, hex, base64 and
 * dotted ids), bounded so a client cannot write long or odd text into every log line of its request.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:+=/-]{1,128}$/;

/**
 * Fastify's `genReqId`: the proxy's X-Request-Id when TRUST_PROXY says the proxy in front is ours and
 * the value is sane, so one id follows a request through the proxy's log and ours; otherwise a fresh
 * UUID (a client's own header is not trusted to name log lines).
 */
export function requestIdFrom(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const incoming = request.headers['x-request-id'];
    return trustProxy && typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)
      ? incoming
      : randomUUID();
  };
}

/**
 * Every answer carries its request's id as X-Request-Id, the one its log lines carry as `reqId`: set
 * first thing, so refusals by later hooks, errors and 404s carry it too.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
