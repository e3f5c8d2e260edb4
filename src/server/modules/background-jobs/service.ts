import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_JOB_ERRORS_KEPT,
  type BackgroundJob,
  type JobRecordError,
  type JobResult,
} from '../../../shared/contracts/background-jobs';
import type { Db, Tx } from '../../db/client';
import { backgroundJobs } from '../../db/schema';
import { newTouchedDomains, recordingDomains } from '../../db/data-domains';
import { isDataDomain } from '../../../shared/data-domains';
import { isUuid } from '../../lib/uuid';

/*
 * Background jobs with real progress (docs/background-jobs.md). A job is a row: started in a transaction
 * (with the caller's audit row), run in this process after the commit, its `done` of `total` written as
 * records finish, its `{synced, errors}` written when it ends. One running job per kind across every
 * instance (a partial unique index); an instance that dies stops beating and its job reads as failed.
 */

/** How often a running job's instance says it is alive, and when silence means it died. */
const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 60_000;
/** The longest a job may run before it reads as failed (its instance stops beating for it). */
export const MAX_RUN_MS = 2 * 60 * 60_000;
/** Progress is written at most this often (and always at the end). */
const PROGRESS_WRITE_MS = 250;

export const INTERRUPTED_MESSAGE = 'The server running this job stopped before it finished. Start it again.';

/** What a job's work reports as it goes. */
export type JobProgress = {
  /** How many records there are, once known. */
  setTotal(total: number): void;
  /** `count` more records finished (synced or failed). */
  advance(count: number): void;
};

/** What a job's work answers: the records that went through and the ones that did not. */
export type JobOutcome = { synced: number; errors: JobRecordError[] };

/**
 * A failure of the whole job whose message is meant for the screen ('Connection Failed: ...'); any other
 * error is logged and shown as a generic failure, so no internal detail reaches a browser.
 */
export class JobFailure extends Error {}

export type StartJob = {
  kind: string;
  startedByStaffId: string | null;
  /** Runs in the transaction that creates the job (e.g. its audit row), only when this call starts it. */
  onStart?: (tx: Tx, jobId: string) => Promise<void>;
  work: (progress: JobProgress, jobId: string) => Promise<JobOutcome>;
};

export type BackgroundJobs = {
  /**
   * Starts a job of `kind` unless one is running (on any instance): then answers that one and
   * `started: false`, so a double click or a second admin never runs the work twice.
   */
  start(job: StartJob): Promise<{ job: BackgroundJob; started: boolean }>;
  /** One job, only when it is of one of `kinds` (each area reads its own). */
  get(id: string, kinds: readonly string[]): Promise<BackgroundJob | null>;
  /** The newest job of `kind` (a screen opened mid-run shows its progress). */
  latest(kind: string): Promise<BackgroundJob | null>;
  /** Resolves when every job this instance is running has ended (tests, shutdown). */
  idle(): Promise<void>;
  /** Says this instance's running jobs are alive (every few seconds by itself; tests call it). */
  beat(): Promise<void>;
  /** Stops beating and marks this instance's running jobs failed (the app is closing). */
  stop(): Promise<void>;
};

type Row = typeof backgroundJobs.$inferSelect;

export function toBackgroundJob(row: Row): BackgroundJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as BackgroundJob['status'],
    done: row.done,
    total: row.total,
    result: (row.result as JobResult | null) ?? null,
    error: row.error,
    changed: row.changedDomains.filter(isDataDomain),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** One app's jobs: the ones this instance runs, and the timer that says they are alive. */
type Jobs = {
  db: Db;
  log: FastifyBaseLogger;
  instanceId: string;
  running: Map<string, Promise<void>>;
  heartbeat: NodeJS.Timeout | null;
};

export function createBackgroundJobs({
  db,
  log,
  instanceId,
}: {
  db: Db;
  log: FastifyBaseLogger;
  instanceId: string;
}): BackgroundJobs {
  const jobs: Jobs = { db, log, instanceId, running: new Map(), heartbeat: null };
  return {
    start: (job) => startJob(jobs, job),
    get: (id, kinds) => getJob(db, id, kinds),
    latest: (kind) => latestJob(db, kind),
    beat: () => beat(jobs),
    idle: () => idle(jobs),
    stop: () => stop(jobs),
  };
}

async function beat({ db, log, running }: Jobs) {
  if (running.size === 0) return;
  // A job past MAX_RUN_MS gets no more beats: a provider that hangs cannot hold its kind for ever.
  await db
    .update(backgroundJobs)
    .set({ heartbeatAt: sql`now()` })
    .where(
      and(
        inArray(backgroundJobs.id, [...running.keys()]),
        eq(backgroundJobs.status, 'running'),
        gt(backgroundJobs.createdAt, sql`now() - make_interval(secs => ${MAX_RUN_MS / 1000})`),
      ),
    )
    .catch((err: unknown) => log.warn({ err }, 'background job: heartbeat failed'));
}

function ensureHeartbeat(jobs: Jobs) {
  if (jobs.heartbeat) return;
  jobs.heartbeat = setInterval(() => void beat(jobs), HEARTBEAT_MS);
  jobs.heartbeat.unref();
}

/** A running job whose instance went silent is over: it reads, and is stored, as failed. */
const failStale = (exec: Db | Tx, where: ReturnType<typeof eq>) =>
  exec
    .update(backgroundJobs)
    .set({ status: 'failed', error: INTERRUPTED_MESSAGE, finishedAt: sql`now()` })
    .where(
      and(
        where,
        eq(backgroundJobs.status, 'running'),
        lt(backgroundJobs.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`),
      ),
    );

async function startJob(
  jobs: Jobs,
  { kind, startedByStaffId, onStart, work }: StartJob,
): Promise<{ job: BackgroundJob; started: boolean }> {
  const { db, instanceId, running } = jobs;
  const { row, started } = await db.transaction(async (tx) => {
    await failStale(tx, eq(backgroundJobs.kind, kind));
    // The running job that blocked the insert may end before it is read: then try again.
    for (;;) {
      const [inserted] = await tx
        .insert(backgroundJobs)
        .values({ kind, startedByStaffId, instanceId })
        .onConflictDoNothing()
        .returning();
      if (inserted) {
        await onStart?.(tx, inserted.id);
        return { row: inserted, started: true };
      }
      const [current] = await tx
        .select()
        .from(backgroundJobs)
        .where(and(eq(backgroundJobs.kind, kind), eq(backgroundJobs.status, 'running')));
      if (current) return { row: current, started: false };
    }
  });
  if (started) {
    ensureHeartbeat(jobs);
    // After the commit, so the job's row (and its audit) exist before any progress is written.
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => runJob(jobs, row, work))
      .finally(() => running.delete(row.id));
    running.set(row.id, task);
  }
  return { job: toBackgroundJob(row), started };
}

/** Runs the work, writing its progress as it goes and its outcome when it ends. */
async function runJob({ db, log }: Jobs, row: Row, work: StartJob['work']) {
  let done = 0;
  let total: number | null = null;
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const writeProgress = (force = false) => {
    const now = Date.now();
    if (!force && now - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = now;
    const values = { done, total };
    writing = writing.then(() =>
      db
        .update(backgroundJobs)
        .set(values)
        .where(and(eq(backgroundJobs.id, row.id), eq(backgroundJobs.status, 'running')))
        .catch((err: unknown) => log.warn({ err, job: row.kind }, 'background job: progress write failed')),
    );
  };
  const progress: JobProgress = {
    setTotal(n) {
      total = n;
      writeProgress(true);
    },
    advance(n) {
      done += n;
      writeProgress();
    },
  };
  let finish: Partial<Row>;
  // What the work writes, so the screens that read it refetch when it ends (docs/client-kit.md).
  const touched = newTouchedDomains();
  try {
    const outcome = await recordingDomains(touched, () => work(progress, row.id));
    const result: JobResult = {
      synced: outcome.synced,
      errors: outcome.errors.slice(0, MAX_JOB_ERRORS_KEPT),
      errorCount: outcome.errors.length,
    };
    finish = { status: 'succeeded', result, done: total ?? done, total: total ?? done };
  } catch (err) {
    const message =
      err instanceof JobFailure ? err.message : 'The job failed unexpectedly. Nothing was half-written.';
    if (!(err instanceof JobFailure)) log.error({ err, job: row.kind }, 'background job failed');
    finish = { status: 'failed', error: message, done, total };
  }
  await writing;
  await db
    .update(backgroundJobs)
    .set({
      ...finish,
      changedDomains: [...touched.written],
      finishedAt: new Date(),
      heartbeatAt: new Date(),
    })
    .where(and(eq(backgroundJobs.id, row.id), eq(backgroundJobs.status, 'running')))
    .catch((err: unknown) => log.error({ err, job: row.kind }, 'background job: could not record its end'));
}

async function getJob(db: Db, id: string, kinds: readonly string[]): Promise<BackgroundJob | null> {
  if (!isUuid(id)) return null;
  await failStale(db, eq(backgroundJobs.id, id));
  const [row] = await db
    .select()
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.id, id), inArray(backgroundJobs.kind, [...kinds])));
  return row ? toBackgroundJob(row) : null;
}

async function latestJob(db: Db, kind: string): Promise<BackgroundJob | null> {
  await failStale(db, eq(backgroundJobs.kind, kind));
  const [row] = await db
    .select()
    .from(backgroundJobs)
    .where(eq(backgroundJobs.kind, kind))
    .orderBy(desc(backgroundJobs.createdAt))
    .limit(1);
  return row ? toBackgroundJob(row) : null;
}

async function idle({ running }: Jobs) {
  while (running.size > 0) await Promise.allSettled([...running.values()]);
}

async function stop(jobs: Jobs) {
  const { db, log, running } = jobs;
  if (jobs.heartbeat) clearInterval(jobs.heartbeat);
  jobs.heartbeat = null;
  if (running.size === 0) return;
  await db
    .update(backgroundJobs)
    .set({ status: 'failed', error: INTERRUPTED_MESSAGE, finishedAt: sql`now()` })
    .where(and(inArray(backgroundJobs.id, [...running.keys()]), eq(backgroundJobs.status, 'running')))
    .catch((err: unknown) => log.warn({ err }, 'background job: could not mark interrupted jobs'));
}
