import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { runAutoSyncIfDue } from '../modules/crm/auto-sync';
import { crmDepsOf } from '../modules/crm/deps';
import { startPeriodic } from './periodic';

/**
 * `crm: auto-sync` (docs/crm.md): every CRM_AUTO_SYNC_CHECK_SECONDS each instance asks whether the CRM's
 * automatic sync is due and, if so, starts it as a background job. Safe on many instances: one running
 * job per kind, and "due" checked again in the transaction that creates it (modules/crm/auto-sync.ts).
 */
export function startCrmAutoSync(
  app: FastifyInstance,
  { config, database }: { config: Config; database: Database },
  { firstRunMs = 10_000 }: { firstRunMs?: number } = {},
): () => void {
  if (config.crmAutoSyncCheckMs <= 0) return () => {};
  const deps = crmDepsOf(app, config, database);
  return startPeriodic(
    'crm: auto-sync',
    app.log,
    async () => {
      const check = await runAutoSyncIfDue(deps);
      if (check.started) app.log.info({ job: check.job.id }, 'crm: auto-sync started');
    },
    { intervalMs: config.crmAutoSyncCheckMs, firstRunMs },
  );
}
