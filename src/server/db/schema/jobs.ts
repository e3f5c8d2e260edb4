import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { JOB_STATUSES } from '../../../shared/statuses';
import { randomId, timestamptz, createdAt } from './columns';
import { byStaff } from './staff-columns';

/**
 * Background jobs started by staff or by a schedule (docs/background-jobs.md): CRM bulk and automatic
 * syncs, external database imports. The screen polls `done` of `total`; the answer is `result`. At most
 * one running job per kind, whatever the number of clicks or instances (the partial unique index); a
 * job whose instance stopped beating is taken as failed, so a crash never blocks the next one.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: randomId(),
    kind: text('kind').notNull(),
    /** running, succeeded or failed. */
    status: text('status', { enum: JOB_STATUSES }).notNull().default('running'),
    done: integer('done').notNull().default(0),
    /** Null until the job knows how many records it has. */
    total: integer('total'),
    /** `{synced, errors, errorCount}` once finished (shared/contracts/background-jobs.ts). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Why the whole job failed (not a per-record error: those are in `result`). */
    error: text('error'),
    /** The data domains the job wrote (shared/data-domains.ts): screens refetch them when it ends. */
    changedDomains: text('changed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startedByStaffId: byStaff('started_by_staff_id'),
    instanceId: text('instance_id').notNull(),
    heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    uniqueIndex('background_jobs_running_key')
      .on(t.kind)
      .where(sql`${t.status} = 'running'`),
    index('background_jobs_kind_idx').on(t.kind, t.createdAt),
  ],
);
