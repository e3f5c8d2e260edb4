import type { FastifyInstance } from 'fastify';

export type ShutdownSteps = {
  app: Pick<FastifyInstance, 'readiness' | 'close' | 'log'>;
  /** Stops the periodic jobs: resolves once the runs under way have ended (jobs/start-jobs.ts). */
  stopJobs: () => Promise<void>;
  database: { close(): Promise<void> };
  /** SHUTDOWN_TIMEOUT_MS: past it the process exits whatever is still running. */
  timeoutMs: number;
  /** `process.exit` (tests pass their own). */
  exit: (code: number) => void;
};

/**
 * A graceful stop (docs/operations.md), in this order: GET /api/ready answers 503 at once, so a load
 * balancer takes the instance out; the server stops accepting connections while the requests under
 * way are answered; the periodic jobs start no new run and the running ones finish, as do the
 * background jobs requests started (app.ts's onClose); then the database closes, and the process exits
 * 0. If that takes longer than `timeoutMs`, a log line says so and the process exits 1 anyway.
 */
export async function shutDown(steps: ShutdownSteps, signal: string): Promise<void> {
  const { app, stopJobs, database, timeoutMs, exit } = steps;
  const started = performance.now();
  app.readiness.drain();
  app.log.info(`${signal} received: draining (ready answers 503), exiting within ${timeoutMs} ms`);
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    app.log.error(`shutdown: still draining after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS), exiting anyway`);
    exit(1);
  }, timeoutMs);
  try {
    const [jobs, server] = await Promise.allSettled([stopJobs(), app.close()]);
    for (const step of [jobs, server]) {
      if (step.status === 'rejected') app.log.error({ err: step.reason }, 'shutdown: a step failed');
    }
    await database
      .close()
      .catch((err: unknown) => app.log.error({ err }, 'shutdown: closing the database failed'));
    app.log.info(`shutdown: done in ${Math.round(performance.now() - started)} ms`);
  } finally {
    clearTimeout(deadline);
  }
  if (!timedOut) exit(0);
}
