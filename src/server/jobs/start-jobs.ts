import { startPeriodic } from './periodic';
import { PERIODIC_JOBS, type JobContext, type PeriodicJob } from './registry';

/**
 * Starts every job of the registry whose interval is above 0, in its order, and answers the function
 * that stops them all (main.ts, at SIGTERM or SIGINT). A job that is off builds nothing (the CRM job's
 * deps included). Tests pass their own `jobs` or `start` to see what start-up would do.
 */
export function startJobs(
  ctx: JobContext,
  {
    jobs = PERIODIC_JOBS,
    start = startPeriodic,
  }: { jobs?: readonly PeriodicJob[]; start?: typeof startPeriodic } = {},
): () => void {
  const stops: (() => void)[] = [];
  for (const job of jobs) {
    const intervalMs = job.intervalMs(ctx.config);
    if (intervalMs <= 0) continue;
    stops.push(start(job.name, ctx.app.log, job.run(ctx), { intervalMs, firstRunMs: job.firstRunMs }));
  }
  return () => {
    for (const stop of stops) stop();
  };
}
