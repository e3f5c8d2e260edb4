import { z } from 'zod';
import { JOB_STATUSES } from '../statuses';
import { DATA_DOMAINS } from '../data-domains';

/**
 * A background job as the screens poll it (docs/background-jobs.md): CRM bulk and automatic syncs,
 * external database imports. `done` of `total` is real progress, written as records finish.
 */

/** At most this many per-record errors are kept on a job; `errorCount` has them all. */
export const MAX_JOB_ERRORS_KEPT = 500;

/** One record that did not go through: which one (`ref`, e.g. an email or "row 12") and why. */
export const jobRecordError = z.object({ ref: z.string(), message: z.string() });
export type JobRecordError = z.infer<typeof jobRecordError>;

/** A sync's or import's `{synced, errors}` answer, plus the number of all errors; docs/background-jobs.md. */
export const jobResult = z.object({
  synced: z.number().int().nonnegative(),
  errors: z.array(jobRecordError),
  errorCount: z.number().int().nonnegative(),
});
export type JobResult = z.infer<typeof jobResult>;

export const backgroundJob = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  done: z.number().int().nonnegative(),
  /** Null until the job has counted its records. */
  total: z.number().int().nonnegative().nullable(),
  /** Set once the job succeeded. */
  result: jobResult.nullable(),
  /** Why the whole job failed (nothing was half-written); null otherwise. */
  error: z.string().nullable(),
  /** The data the job wrote, once it has ended: the screens that read it refetch (docs/client-kit.md). */
  changed: z.array(z.enum(DATA_DOMAINS)),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJob>;

/** `POST` that starts a job: the job, and whether this call started it or found it already running. */
export const jobStarted = z.object({ job: backgroundJob, started: z.boolean() });
export type JobStarted = z.infer<typeof jobStarted>;
