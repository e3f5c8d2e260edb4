import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { CRM_JOB_KINDS, type CrmConfig } from '../../../shared/contracts/crm';
import type { BackgroundJob } from '../../../shared/contracts/background-jobs';
import type { Executor } from '../../db/client';
import { backgroundJobs } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { crmConfigOf } from './config';
import { HttpError } from '../../http/errors';
import { SOURCES, type CrmEntitySource } from './records';
import { readyAdapter, syncRecords, type CrmDeps } from './sync';
import type { CrmCustomer, CrmUser } from '../../integrations/crm/adapter';

const SYSTEM: AuditActor = {
  actorType: 'system',
  actorId: null,
  actorEmail: null,
  ipAddress: null,
  userAgent: null,
};

/** Raised in the start transaction when another instance ran the sync meanwhile: nothing is written. */
class NotDue extends Error {}

/**
 * Whether the last automatic run (any outcome; not `exceptId`, the one being started) began at least
 * the interval ago. Measured from the run's start, so a long run does not push the schedule back.
 */
async function isDue(exec: Executor, config: CrmConfig, now: Date, exceptId?: string): Promise<boolean> {
  const [last] = await exec
    .select({ createdAt: backgroundJobs.createdAt })
    .from(backgroundJobs)
    .where(
      and(
        eq(backgroundJobs.kind, CRM_JOB_KINDS.auto),
        exceptId ? ne(backgroundJobs.id, exceptId) : undefined,
      ),
    )
    .orderBy(desc(backgroundJobs.createdAt))
    .limit(1);
  return !last || now.getTime() - last.createdAt.getTime() >= config.syncInterval * 3_600_000;
}

export type AutoSyncCheck =
  | { started: true; job: BackgroundJob }
  | { started: false; reason: 'off' | 'not-due' | 'running' | 'blocked' };

/**
 * The auto-sync check each instance runs on its interval (jobs/crm-auto-sync.ts): when the integration
 * and auto-sync are on and the interval has passed since the last automatic run, a `crm:auto` job sends
 * the customers and team users that changed since they were last synced. Safe on several instances:
 * one running job per kind (the jobs' unique index), and "due" checked again inside the transaction
 * that creates the job, under an advisory lock, so an instance that arrives after another's run
 * finished sees that run and writes nothing.
 */
export async function runAutoSyncIfDue(deps: CrmDeps): Promise<AutoSyncCheck> {
  const now = deps.now?.() ?? new Date();
  const config = await crmConfigOf(deps.db);
  if (!config.enabled || !config.autoSync) return { started: false, reason: 'off' };
  if (!(await isDue(deps.db, config, now))) return { started: false, reason: 'not-due' };
  let target;
  try {
    target = await readyAdapter(deps);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    deps.log.warn({ reason: error.message }, 'crm: auto-sync is due but cannot run');
    return { started: false, reason: 'blocked' };
  }
  const sources = [SOURCES.customer, SOURCES.user] as CrmEntitySource<CrmCustomer | CrmUser>[];
  try {
    const { job, started } = await deps.jobs.start({
      kind: CRM_JOB_KINDS.auto,
      startedByStaffId: null,
      onStart: async (tx, jobId) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${CRM_JOB_KINDS.auto}))`);
        if (!(await isDue(tx, config, now, jobId))) throw new NotDue();
        await recordAudit(tx, SYSTEM, {
          action: 'crm_auto_sync',
          resourceType: 'crm',
          resourceId: jobId,
          newValues: { crmType: config.crmType, syncInterval: config.syncInterval },
        });
      },
      work: (progress) => syncRecords(deps, target, sources, progress, { changedOnly: true }),
    });
    return started ? { started: true, job } : { started: false, reason: 'running' };
  } catch (error) {
    if (error instanceof NotDue) return { started: false, reason: 'not-due' };
    throw error;
  }
}
