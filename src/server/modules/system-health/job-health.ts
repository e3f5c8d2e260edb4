import { desc } from 'drizzle-orm';
import { BACKLOG_CAP, type HealthStatus, type JobHealth } from '../../../shared/contracts/system-health';
import type { Database, Db } from '../../db/client';
import { jobRuns } from '../../db/schema';
import { jobsOn } from '../../jobs/registry';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Each periodic job's latest run over all instances, its run and failure counts, and its backlog. */
export async function readJobHealth(db: Db, driver: Database['driver'], now: Date): Promise<JobHealth[]> {
  const rows = await db.select().from(jobRuns).orderBy(desc(jobRuns.lastStartedAt));
  // The registry's jobs, each listed even before its first run (maintenance), then any other name
  // job_runs still holds (a job since removed, a test's), under its name.
  const registered = new Map(jobsOn(driver).map((j) => [j.name, j]));
  const names = [...new Set([...registered.keys(), ...rows.map((r) => r.job)])];
  return Promise.all(
    names.map(async (job) => {
      const mine = rows.filter((r) => r.job === job);
      const last = mine[0];
      const known = registered.get(job);
      const backlog = known?.backlog ? await known.backlog.count(db, now) : null;
      const status: HealthStatus = !last
        ? 'maintenance'
        : last.outcome === 'failed'
          ? 'error'
          : backlog !== null && backlog > BACKLOG_CAP
            ? 'warning'
            : 'healthy';
      return {
        job,
        label: known?.label ?? job,
        status,
        lastStartedAt: iso(last?.lastStartedAt),
        lastFinishedAt: iso(last?.lastFinishedAt),
        durationMs: last?.durationMs ?? null,
        outcome: (last?.outcome as JobHealth['outcome']) ?? null,
        error: last?.error ?? null,
        instanceId: last?.instanceId ?? null,
        runs: mine.reduce((n, r) => n + r.runs, 0),
        failures: mine.reduce((n, r) => n + r.failures, 0),
        backlog,
        backlogLabel: known?.backlog?.label ?? null,
      };
    }),
  );
}
