import { startPeriodic } from './periodic';
import type { Services } from '../services';
import { jobsOn, PERIODIC_JOBS, type PeriodicJob } from './registry';

/** What starts one job and answers its stop (`startPeriodic`; tests pass one that only notes it). */
type StartJob = (...args: Parameters<typeof startPeriodic>) => () => void | Promise<void>;

/**
 * Starts every job of the registry that exists on this database and whose interval is above 0, in its
 * order, and answers the function that stops them all (main.ts, at SIGTERM or SIGINT): no job starts
 * another run, and it resolves once the runs under way have ended. A job that is off builds nothing (the CRM job's deps included). Tests
 * pass their own `jobs` or `start` to see what start-up would do.
 */
export function startJobs(
  services: Services,
  { jobs = PERIODIC_JOBS, start = startPeriodic }: { jobs?: readonly PeriodicJob[]; start?: StartJob } = {},
): () => Promise<void> {
  const stops: (() => void | Promise<void>)[] = [];
  for (const job of jobsOn(services.database.driver, jobs)) {
    const intervalMs = job.intervalMs(services.config);
    if (intervalMs <= 0) continue;
    stops.push(start(job.name, services.log, job.run(services), { intervalMs, firstRunMs: job.firstRunMs }));
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
