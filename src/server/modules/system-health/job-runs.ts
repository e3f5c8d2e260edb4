import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns } from '../../db/schema';
import { serializeError } from '../../http/log-redaction';
import type { JobRunRecorder } from '../../jobs/periodic';
import { raiseAlert } from './alerts';
import { oneLine } from './integration-status';

/**
 * Records each run of a periodic job (`jobs/periodic.ts`) in `job_runs`, one row per job and instance,
 * overwritten at the end of each run (one write per run). A failed run raises an error alert for the
 * job, whichever instance ran it.
 */
export function jobRunRecorder(db: Db, instanceId: string): JobRunRecorder {
  return async (job, { startedAt, durationMs, error }) => {
    const failed = error !== undefined;
    const message = failed ? oneLine(serializeError(error).message, 500) : null;
    await db
      .insert(jobRuns)
      .values({
        job,
        instanceId,
        lastStartedAt: startedAt,
        lastFinishedAt: new Date(startedAt.getTime() + durationMs),
        durationMs: Math.round(durationMs),
        outcome: failed ? 'failed' : 'ok',
        error: message,
        runs: 1,
        failures: failed ? 1 : 0,
      })
      .onConflictDoUpdate({
        target: [jobRuns.job, jobRuns.instanceId],
        set: {
          lastStartedAt: sql`excluded.last_started_at`,
          lastFinishedAt: sql`excluded.last_finished_at`,
          durationMs: sql`excluded.duration_ms`,
          outcome: sql`excluded.outcome`,
          error: sql`excluded.error`,
          runs: sql`${jobRuns.runs} + 1`,
          failures: sql`${jobRuns.failures} + excluded.failures`,
        },
      });
    if (failed) {
      await raiseAlert(db, {
        type: 'error',
        conditionKey: `job:${job}`,
        message: `Job "${job}" failed on instance ${instanceId}: ${message}`,
        instanceId,
      });
    }
  };
}
