import type { FastifyBaseLogger } from 'fastify';
import type { JobStarted } from '../../../shared/contracts/background-jobs';
import {
  EXTERNAL_DB_JOB_KINDS,
  NOT_CONFIGURED_MESSAGE,
  externalCustomerRow,
  externalUserRow,
  type ExternalDbImport,
  type ExternalDbStatus,
} from '../../../shared/contracts/external-db';
import { checkHealth, ExternalDbError, type ExternalDbSettings } from '../../integrations/external-db/client';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { JobFailure, type BackgroundJobs, type JobOutcome, type JobProgress } from '../background-jobs';
import { recordIntegrationFailure, recordIntegrationSuccess } from '../system-health';
import type { SettingsDeps } from '../system-settings';
import { writeInBatches } from './batches';
import type { StaffContext } from '../../http/staff-context';
import { customerWriter } from './customer-import';
import { externalDbSettingsOf, type ExternalDbConfig } from './settings';
import { readSource } from './source';
import { userWriter } from './user-import';

export type ExternalDbDeps = Pick<SettingsDeps, 'db' | 'keyring'> & {
  config: ExternalDbConfig;
  jobs: BackgroundJobs;
  log: FastifyBaseLogger;
};

export const CONNECTED_MESSAGE = 'Connected to the external database.';

const latestJobs = async (jobs: BackgroundJobs) => {
  const [customers, users] = await Promise.all([
    jobs.latest(EXTERNAL_DB_JOB_KINDS.customers),
    jobs.latest(EXTERNAL_DB_JOB_KINDS.users),
  ]);
  return { customers, users };
};

/** The connection test (`GET /health` within the timeout), and the newest import of each kind. */
export async function externalDbStatus(deps: ExternalDbDeps): Promise<ExternalDbStatus> {
  const [settings, jobs] = await Promise.all([
    externalDbSettingsOf(deps, deps.config),
    latestJobs(deps.jobs),
  ]);
  if (!settings) return { success: false, enabled: false, message: NOT_CONFIGURED_MESSAGE, jobs };
  try {
    await checkHealth(settings);
    recordIntegrationSuccess('external-db');
    return { success: true, enabled: true, message: CONNECTED_MESSAGE, jobs };
  } catch (error) {
    if (!(error instanceof ExternalDbError)) throw error;
    recordIntegrationFailure('external-db', error.message);
    return { success: false, enabled: true, message: error.message, jobs };
  }
}

/** Reads and checks the whole source, then writes it in batches; an unusable source is a JobFailure. */
async function runImport(
  deps: ExternalDbDeps,
  ctx: StaffContext,
  settings: ExternalDbSettings,
  kind: ExternalDbImport,
  progress: JobProgress,
): Promise<JobOutcome> {
  try {
    const outcome =
      kind === 'customers'
        ? await importWith(deps, settings, progress, externalCustomerRow, customerWriter(ctx), kind)
        : await importWith(deps, settings, progress, externalUserRow, userWriter(ctx), kind);
    recordIntegrationSuccess('external-db');
    return outcome;
  } catch (error) {
    if (error instanceof ExternalDbError) {
      recordIntegrationFailure('external-db', error.message);
      throw new JobFailure(`${error.message} Nothing was imported.`);
    }
    throw error;
  }
}

async function importWith<T extends { email: string }, P>(
  deps: ExternalDbDeps,
  settings: ExternalDbSettings,
  progress: JobProgress,
  schema: Parameters<typeof readSource<T>>[2],
  writer: Parameters<typeof writeInBatches<T, P>>[3],
  kind: ExternalDbImport,
): Promise<JobOutcome> {
  const source = await readSource(settings, kind, schema);
  try {
    return await writeInBatches(deps, source, progress, writer);
  } finally {
    await source.dispose();
  }
}

/**
 * `POST /api/admin/external-db/sync/{customers|users}`: starts the import as a background job (one of
 * each kind at a time, on every instance), audited with the job; refused while nothing is configured.
 */
export async function startImport(
  deps: ExternalDbDeps,
  ctx: StaffContext,
  kind: ExternalDbImport,
): Promise<JobStarted> {
  const settings = await externalDbSettingsOf(deps, deps.config);
  if (!settings) throw conflict(NOT_CONFIGURED_MESSAGE);
  return deps.jobs.start({
    kind: EXTERNAL_DB_JOB_KINDS[kind],
    startedByStaffId: ctx.actor.actorId,
    onStart: (tx, jobId) =>
      recordAudit(tx, ctx.actor, {
        action: 'create',
        resourceType: 'external_db_import',
        resourceId: jobId,
        newValues: { import: kind, source: new URL(settings.url).origin },
      }),
    work: (progress) => runImport(deps, ctx, settings, kind, progress),
  });
}

export async function externalDbJob(deps: ExternalDbDeps, id: string) {
  const job = await deps.jobs.get(id, Object.values(EXTERNAL_DB_JOB_KINDS));
  if (!job) throw notFound('Import not found');
  return job;
}
