import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { backgroundJobs } from '../../db/schema';
import { INTERRUPTED_MESSAGE, JobFailure, MAX_RUN_MS, STALE_AFTER_MS, type JobOutcome } from './service';

/** A promise and the function that settles it, so a test decides when a job's work ends. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('background jobs', () => {
  let t: TestApp;
  useTestApp({}, (opened) => ({ t } = opened));

  const jobs = () => t.app.services.backgroundJobs;
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0]!;
  /** Runs `work` as a job of `kind` that no staff member started, and waits for it to end. */
  const runToEnd = async (kind: string, work: () => Promise<JobOutcome>) => {
    const { job } = await jobs().start({ kind, startedByStaffId: null, work });
    await jobs().idle();
    return job;
  };
  /** A job left running by an instance that died: its heartbeat stopped long ago. */
  const silentJob = async (instanceId: string) => {
    const [row] = await t.database.db
      .insert(backgroundJobs)
      .values({
        kind: 'test:stale',
        instanceId,
        heartbeatAt: sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000 + 5})`,
      })
      .returning();
    return row!;
  };

  it('writes real progress while the work runs, then the result', async () => {
    const step = gate<void>();
    const { job, started } = await jobs().start({
      kind: 'test:progress',
      startedByStaffId: null,
      work: async (progress) => {
        progress.setTotal(3);
        progress.advance(1);
        await step.promise;
        progress.advance(2);
        return { synced: 2, errors: [{ ref: 'row 3', message: 'Email is invalid' }] };
      },
    });
    expect(started).toBe(true);
    expect(job.status).toBe('running');

    // the total is written at once; the first record before the work is let go
    await expect.poll(async () => (await rowOf(job.id)).total).toBe(3);
    expect((await jobs().get(job.id, ['test:progress']))?.status).toBe('running');

    step.open();
    await jobs().idle();
    const done = await jobs().get(job.id, ['test:progress']);
    expect(done).toMatchObject({
      status: 'succeeded',
      done: 3,
      total: 3,
      result: { synced: 2, errorCount: 1, errors: [{ ref: 'row 3', message: 'Email is invalid' }] },
      error: null,
    });
    expect(done?.finishedAt).not.toBeNull();
  });

  it('answers the running job to a second start instead of running the work twice', async () => {
    const step = gate<void>();
    let runs = 0;
    const work = async (): Promise<JobOutcome> => {
      runs += 1;
      await step.promise;
      return { synced: 1, errors: [] };
    };
    const [a, b] = await Promise.all([
      jobs().start({ kind: 'test:once', startedByStaffId: null, work }),
      jobs().start({ kind: 'test:once', startedByStaffId: null, work }),
    ]);
    expect([a.started, b.started].sort()).toEqual([false, true]);
    expect(a.job.id).toBe(b.job.id);
    step.open();
    await jobs().idle();
    expect(runs).toBe(1);

    // once it has ended, the next start is a new job
    const again = await jobs().start({ kind: 'test:once', startedByStaffId: null, work });
    expect(again.started).toBe(true);
    expect(again.job.id).not.toBe(a.job.id);
    await jobs().idle();
  });

  it('runs the onStart writes in the transaction that creates the job, only when it starts', async () => {
    const step = gate<void>();
    const seen: string[] = [];
    const start = () =>
      jobs().start({
        kind: 'test:audit',
        startedByStaffId: null,
        onStart: async (tx, id) => {
          const [row] = await tx.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
          seen.push(row!.status);
        },
        work: async () => {
          await step.promise;
          return { synced: 0, errors: [] };
        },
      });
    await start();
    await start();
    expect(seen).toEqual(['running']);
    step.open();
    await jobs().idle();
  });

  it('shows a whole-job failure in its own words, and any other error without its details', async () => {
    const known = await runToEnd('test:fail', async () => {
      throw new JobFailure('Connection Failed: the source answered 500');
    });
    expect(await jobs().get(known.id, ['test:fail'])).toMatchObject({
      status: 'failed',
      error: 'Connection Failed: the source answered 500',
      result: null,
    });

    const unknown = await runToEnd('test:fail', async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    const failed = await jobs().get(unknown.id, ['test:fail']);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).not.toContain('hunter2');
  });

  it('keeps at most 500 errors on the job, and counts them all', async () => {
    const errors = Array.from({ length: 700 }, (_, i) => ({ ref: `row ${i + 1}`, message: 'bad' }));
    const job = await runToEnd('test:many-errors', async () => ({ synced: 0, errors }));
    const result = (await jobs().get(job.id, ['test:many-errors']))?.result;
    expect(result?.errors).toHaveLength(500);
    expect(result?.errorCount).toBe(700);
  });

  it('answers a job only to the area whose kinds it is of, and a bad id as none', async () => {
    const job = await runToEnd('test:area', async () => ({ synced: 0, errors: [] }));
    expect(await jobs().get(job.id, ['other:kind'])).toBeNull();
    expect(await jobs().get('not-a-uuid', ['test:area'])).toBeNull();
    expect((await jobs().latest('test:area'))?.id).toBe(job.id);
  });

  it('takes a job whose instance went silent as failed, so the next start runs', async () => {
    const dead = await silentJob('gone-1');
    expect(await jobs().get(dead.id, ['test:stale'])).toMatchObject({
      status: 'failed',
      error: INTERRUPTED_MESSAGE,
    });

    const dead2 = await silentJob('gone-2');
    const next = await jobs().start({
      kind: 'test:stale',
      startedByStaffId: null,
      work: async () => ({ synced: 1, errors: [] }),
    });
    expect(next.started).toBe(true);
    await jobs().idle();
    expect((await rowOf(dead2.id)).status).toBe('failed');

    // a live one (recent heartbeat) is not touched
    const [live] = await t.database.db
      .insert(backgroundJobs)
      .values({ kind: 'test:stale', instanceId: 'busy' })
      .returning();
    const blocked = await jobs().start({
      kind: 'test:stale',
      startedByStaffId: null,
      work: async () => ({ synced: 1, errors: [] }),
    });
    expect(blocked).toMatchObject({ started: false, job: { id: live!.id, status: 'running' } });
  });

  it.runIf(process.env.MP_TEST_DRIVER === 'pg')(
    'answers every start while jobs of the kind keep ending between the insert and the read (PostgreSQL)',
    async () => {
      const second = await t.secondInstance();
      try {
        const quick = async (): Promise<JobOutcome> => ({ synced: 0, errors: [] });
        const starts = await Promise.allSettled(
          Array.from({ length: 300 }, (_, i) =>
            (i % 2 ? second.app : t.app).services.backgroundJobs.start({
              kind: 'test:churn',
              startedByStaffId: null,
              work: quick,
            }),
          ),
        );
        expect(starts.filter((s) => s.status === 'rejected')).toEqual([]);
        await Promise.all([t.app.services.backgroundJobs.idle(), second.app.services.backgroundJobs.idle()]);
      } finally {
        await second.close();
      }
    },
  );

  it('stops beating for a job that ran past the longest a job may run, so it goes silent and fails', async () => {
    const step = gate<void>();
    const startHung = (kind: string) =>
      jobs().start({
        kind,
        startedByStaffId: null,
        work: async () => {
          await step.promise;
          return { synced: 0, errors: [] };
        },
      });
    const hung = (await startHung('test:hung')).job;
    const young = (await startHung('test:young')).job;
    const lastBeat = sql`now() - make_interval(secs => 30)`;
    await t.database.db
      .update(backgroundJobs)
      .set({
        createdAt: sql`now() - make_interval(secs => ${MAX_RUN_MS / 1000 + 60})`,
        heartbeatAt: lastBeat,
      })
      .where(eq(backgroundJobs.id, hung.id));
    await t.database.db
      .update(backgroundJobs)
      .set({ heartbeatAt: lastBeat })
      .where(eq(backgroundJobs.id, young.id));
    await jobs().beat();
    const ageOf = async (id: string) => Date.now() - (await rowOf(id)).heartbeatAt.getTime();
    expect(await ageOf(young.id)).toBeLessThan(10_000);
    expect(await ageOf(hung.id)).toBeGreaterThan(25_000);

    // once silent for long enough it reads as failed, and its late end does not overwrite that
    await t.database.db
      .update(backgroundJobs)
      .set({ heartbeatAt: sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000 + 1})` })
      .where(eq(backgroundJobs.id, hung.id));
    expect(await jobs().get(hung.id, ['test:hung'])).toMatchObject({
      status: 'failed',
      error: INTERRUPTED_MESSAGE,
    });
    step.open();
    await jobs().idle();
    expect((await rowOf(hung.id)).status).toBe('failed');
    expect((await rowOf(young.id)).status).toBe('succeeded');
  });

  it.runIf(process.env.MP_TEST_DRIVER === 'pg')(
    'runs one job when two instances start the same kind at once (PostgreSQL)',
    async () => {
      const second = await t.secondInstance();
      try {
        const step = gate<void>();
        let runs = 0;
        const work = async (): Promise<JobOutcome> => {
          runs += 1;
          await step.promise;
          return { synced: 1, errors: [] };
        };
        const starts = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            (i % 2 ? second.app : t.app).services.backgroundJobs.start({
              kind: 'test:race',
              startedByStaffId: null,
              work,
            }),
          ),
        );
        expect(starts.filter((s) => s.started)).toHaveLength(1);
        expect(new Set(starts.map((s) => s.job.id)).size).toBe(1);
        step.open();
        await Promise.all([t.app.services.backgroundJobs.idle(), second.app.services.backgroundJobs.idle()]);
        expect(runs).toBe(1);
      } finally {
        await second.close();
      }
    },
  );
});
