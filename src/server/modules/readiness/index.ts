// The readiness module's public face: what other modules may use (docs/architecture.md).
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance takes new work: GET /api/ready reads it, a shutdown turns it off. */
    readiness: Readiness;
  }
}

/** Why GET /api/ready answers 503 (docs/operations.md). */
export type NotReadyReason = 'migrations' | 'starting' | 'draining' | 'database';

export type Readiness = {
  /** True from the moment a shutdown begins (SIGTERM, SIGINT); it never turns back. */
  readonly draining: boolean;
  /** Answers 503 on GET /api/ready from now on, and closes each connection after its answer. */
  drain(): void;
};

/**
 * Gives the app its readiness state. While it drains, every answer says `Connection: close`: a
 * keep-alive connection ends after the request it is serving, so the server's close (which only
 * reaps idle connections) does not wait for a client's keep-alive timeout.
 */
export function registerReadiness(app: FastifyInstance): Readiness {
  let draining = false;
  const readiness: Readiness = {
    get draining() {
      return draining;
    },
    drain: () => {
      draining = true;
    },
  };
  app.decorate('readiness', readiness);
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return readiness;
}
