import type { FastifyBaseLogger } from 'fastify';

/** Where each run of a job is recorded (System Health's `job_runs`; docs/system-health.md). */
export type JobRunRecorder = (
  job: string,
  run: { startedAt: Date; durationMs: number; error: unknown },
) => Promise<void>;

let defaultRecorder: JobRunRecorder | null = null;

/**
 * Every job started with `startPeriodic` after this (and every run of one started before) is recorded
 * there. main.ts sets System Health's recorder once the app is built; tests pass `record` instead.
 */
export function recordJobRunsWith(recorder: JobRunRecorder | null) {
  defaultRecorder = recorder;
}

/**
 * Runs `work` every `intervalMs` in this process, the first time `firstRunMs` after start (never before
 * the server listens), one run at a time, a failure logged and the next run kept. Each run's start,
 * duration and outcome are recorded (`record`, or the process's recorder). Answers a stop function.
 * Jobs that must be safe on several instances make `work` so (row locks, skip locked). The stop
 * function starts no further run and resolves once the run under way (if any) has ended and been
 * recorded, so a shutdown closes the database after it, not under it.
 */
export function startPeriodic(
  name: string,
  log: FastifyBaseLogger,
  work: () => Promise<void>,
  { intervalMs, firstRunMs, record }: { intervalMs: number; firstRunMs: number; record?: JobRunRecorder },
): () => Promise<void> {
  let running = false;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  const tick = async () => {
    running = true;
    const startedAt = new Date();
    const started = performance.now();
    let error: unknown = undefined;
    try {
      await work();
    } catch (err) {
      error = err ?? new Error('failed');
      log.error({ err }, `${name}: run failed`);
    } finally {
      running = false;
    }
    const recorder = record ?? defaultRecorder;
    if (recorder) {
      await recorder(name, { startedAt, durationMs: performance.now() - started, error }).catch(
        (err: unknown) => log.warn({ err }, `${name}: recording the run failed`),
      );
    }
  };
  const runOnce = () => {
    if (!running && !stopped) current = tick();
  };
  const first = setTimeout(runOnce, firstRunMs);
  const timer = setInterval(runOnce, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    return current;
  };
}
