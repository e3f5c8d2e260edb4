import type { FastifyBaseLogger } from 'fastify';
import {
  CRM_JOB_KINDS,
  CRM_PLATFORM_LABELS,
  type CrmBulkEntity,
  type CrmEntityType,
  type CrmPlatform,
} from '../../../shared/contracts/crm';
import type { JobStarted } from '../../../shared/contracts/background-jobs';
import type { CrmAdapter, CrmCredentials, CrmCustomer, CrmUser } from '../../integrations/crm/adapter';
import { CrmUnavailable } from '../../integrations/crm/adapter';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { JobFailure, type BackgroundJobs, type JobOutcome, type JobProgress } from '../background-jobs';
import { recordIntegrationFailure, recordIntegrationSuccess } from '../system-health';
import type { SettingsKeyring } from '../system-settings';
import { crmConfigOf } from './config';
import { crmReadiness } from './credentials';
import { payloadHash, SOURCES, storeOutcomes, type CrmEntitySource, type StoredOutcome } from './records';

/** Records per adapter call: HubSpot's batch limit, and a page of our own rows. */
export const CRM_BATCH_SIZE = 100;

/** What the CRM services need (routes and the auto-sync job build it once). */
export type CrmDeps = {
  db: Db;
  keyring: SettingsKeyring;
  jobs: BackgroundJobs;
  log: FastifyBaseLogger;
  /** The adapter for the CRM the credentials name (integrations/crm/create-adapter.ts). */
  adapterFor: (credentials: CrmCredentials) => CrmAdapter | Promise<CrmAdapter>;
  now?: () => Date;
};

const nowOf = (deps: CrmDeps) => deps.now?.() ?? new Date();

/** The CRM in use with an adapter ready, or the 409 that says what is missing (disabled, no key). */
export async function readyAdapter(deps: CrmDeps): Promise<{ crmType: CrmPlatform; adapter: CrmAdapter }> {
  const config = await crmConfigOf(deps.db);
  const ready = await crmReadiness(deps, config);
  if (!ready.ok) throw new HttpError(409, ready.message);
  try {
    return { crmType: config.crmType, adapter: await deps.adapterFor(ready.credentials) };
  } catch (error) {
    // Credentials the adapter cannot use (a Salesforce app without an instance URL): what to fill in.
    if (error instanceof CrmUnavailable) throw new HttpError(409, error.message);
    throw error;
  }
}

/**
 * The screen's words for a whole call that failed: the adapter's own sentence, which names the provider
 * and says what went wrong (unreachable, token refused, an answer that is not the API's) and never
 * quotes a key.
 */
const unavailableMessage = (crmType: CrmPlatform, error: CrmUnavailable) =>
  error.message.startsWith(CRM_PLATFORM_LABELS[crmType])
    ? error.message
    : `${CRM_PLATFORM_LABELS[crmType]}: ${error.message}`;

/**
 * Sends one customer or team user now and stores the outcome on its integration record with an audit
 * row. A record the CRM refused is stored as failed and answered 422 with the provider's message; a CRM
 * that cannot be reached at all is answered 502.
 */
export async function syncOne(deps: CrmDeps, actor: AuditActor, entityType: CrmEntityType, id: string) {
  const source = SOURCES[entityType] as CrmEntitySource<CrmCustomer | CrmUser>;
  const { crmType, adapter } = await readyAdapter(deps);
  // The values sent are those of this moment: an edit made while the call is out is newer than it.
  const readAt = nowOf(deps);
  const [row] = await source.read(deps.db, crmType, { id, limit: 1 });
  if (!row) throw notFound(entityType === 'customer' ? 'Customer not found' : 'User not found');
  const hash = payloadHash(crmType, row.record);
  let stored: StoredOutcome;
  let unreachable = false;
  try {
    const [outcome] = await source.send(adapter, [row.record]);
    stored = {
      outcome: outcome ?? { id, ok: false, message: 'The CRM sent no answer for this record' },
      hash,
    };
    recordIntegrationSuccess('crm');
  } catch (error) {
    if (!(error instanceof CrmUnavailable)) throw error;
    const message = unavailableMessage(crmType, error);
    recordIntegrationFailure('crm', message);
    unreachable = true;
    stored = { outcome: { id, ok: false, message }, hash };
  }
  await deps.db.transaction(async (tx) => {
    await storeOutcomes(tx, crmType, entityType, [stored], { readAt, attemptedAt: nowOf(deps) });
    await recordAudit(tx, actor, {
      action: 'crm_sync',
      resourceType: entityType,
      resourceId: id,
      oldValues: { syncStatus: row.state.syncStatus, crmId: row.state.crmId },
      newValues: stored.outcome.ok
        ? { crmType, syncStatus: 'success', crmId: stored.outcome.crmId }
        : { crmType, syncStatus: 'failed', error: stored.outcome.message },
      success: stored.outcome.ok,
    });
  });
  if (!stored.outcome.ok) throw new HttpError(unreachable ? 502 : 422, stored.outcome.message);
}

/**
 * Sends every record of `sources` (only the changed ones with `changedOnly`), a keyset page at a time,
 * one adapter call per page, each page's outcomes stored in one statement and counted as progress.
 */
export async function syncRecords(
  deps: CrmDeps,
  { crmType, adapter }: { crmType: CrmPlatform; adapter: CrmAdapter },
  sources: CrmEntitySource<CrmCustomer | CrmUser>[],
  progress: JobProgress,
  { changedOnly }: { changedOnly: boolean },
): Promise<JobOutcome> {
  const totals = await Promise.all(sources.map((s) => s.count(deps.db, crmType, changedOnly)));
  progress.setTotal(totals.reduce((a, b) => a + b, 0));
  const outcome: JobOutcome = { synced: 0, errors: [] };
  for (const source of sources) {
    let afterId: string | undefined;
    for (;;) {
      const readAt = nowOf(deps);
      const rows = await source.read(deps.db, crmType, { afterId, changedOnly, limit: CRM_BATCH_SIZE });
      if (rows.length === 0) break;
      afterId = rows[rows.length - 1]!.record.id;
      const due = rows
        .map((row) => ({ row, hash: payloadHash(crmType, row.record) }))
        .filter(
          ({ row, hash }) =>
            !(changedOnly && row.state.syncStatus === 'success' && row.state.syncedHash === hash),
        );
      if (due.length > 0) {
        const hashes = new Map(due.map(({ row, hash }) => [row.record.id, hash]));
        const emails = new Map(due.map(({ row }) => [row.record.id, row.record.email]));
        let answers;
        try {
          answers = await source.send(
            adapter,
            due.map(({ row }) => row.record),
          );
        } catch (error) {
          if (!(error instanceof CrmUnavailable)) throw error;
          const message = unavailableMessage(crmType, error);
          recordIntegrationFailure('crm', message);
          throw new JobFailure(message);
        }
        recordIntegrationSuccess('crm');
        const stored = answers
          .filter((a) => hashes.has(a.id))
          .map((a) => ({ outcome: a, hash: hashes.get(a.id)! }));
        await storeOutcomes(deps.db, crmType, source.entityType, stored, {
          readAt,
          attemptedAt: nowOf(deps),
        });
        for (const { outcome: a } of stored) {
          if (a.ok) outcome.synced += 1;
          else outcome.errors.push({ ref: emails.get(a.id) ?? a.id, message: a.message });
        }
      }
      progress.advance(rows.length);
      if (rows.length < CRM_BATCH_SIZE) break;
    }
  }
  return outcome;
}

/**
 * A bulk sync of every customer or every team user as a background job (`crm:customers`, `crm:users`):
 * refused up front when the CRM is off or has no credentials; a second start while one runs answers the
 * running job.
 */
export async function startBulkSync(
  deps: CrmDeps,
  actor: AuditActor,
  entity: CrmBulkEntity,
): Promise<JobStarted> {
  const ready = await readyAdapter(deps);
  const source = (entity === 'customers' ? SOURCES.customer : SOURCES.user) as CrmEntitySource<
    CrmCustomer | CrmUser
  >;
  return deps.jobs.start({
    kind: CRM_JOB_KINDS[entity],
    startedByStaffId: actor.actorType === 'staff' ? actor.actorId : null,
    onStart: (tx, jobId) =>
      recordAudit(tx, actor, {
        action: 'crm_bulk_sync',
        resourceType: 'crm',
        resourceId: jobId,
        newValues: { entity, crmType: ready.crmType },
      }),
    work: (progress) => syncRecords(deps, ready, [source], progress, { changedOnly: false }),
  });
}
