import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `intervalMs` in this process, the first time `firstRunMs` after start (never before
 * the server listens), one run at a time, a failure logged and the next run kept. Answers a stop
 * function. Jobs that must be safe on several instances make `work` so (row locks, skip locked).
 */
export function startPeriodic(
  name: string,
  log: FastifyBaseLogger,
  work: () => Promise<void>,
  { intervalMs, firstRunMs }: { intervalMs: number; firstRunMs: number },
): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await work();
    } catch (err) {
      log.error({ err }, `${name}: run failed`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), firstRunMs);
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
