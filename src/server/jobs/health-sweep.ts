import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { refreshDeferredHealth, refreshStaleHealth } from '../modules/customer-health';

const BATCH = 250;
/** A pause between batches, so requests waiting for the embedded database get their turn. */
const PAUSE_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Health moves with time as well as with changes: a sign-in gets older, a trial gets closer to its
 * end. Every account checked more than a day ago (or never: the first run after an upgrade fills
 * them all) is recomputed here, a batch at a time until none is left. Safe on several instances
 * (rows another one holds are skipped).
 */
export async function sweepHealth(db: Db, options: { batchSize?: number; pauseMs?: number } = {}) {
  const batchSize = options.batchSize ?? BATCH;
  let refreshed = await refreshDeferredHealth(db);
  for (;;) {
    const n = await refreshStaleHealth(db, batchSize);
    refreshed += n;
    if (n < batchSize) return refreshed;
    await sleep(options.pauseMs ?? PAUSE_MS);
  }
}

/** One run of `customer health: sweep` (jobs/registry.ts): the sweep, logged when it recomputed any. */
export function healthSweepRun(db: Db, log: FastifyBaseLogger) {
  return async () => {
    const refreshed = await sweepHealth(db);
    if (refreshed > 0) log.info({ refreshed }, 'customer health: recomputed');
  };
}
