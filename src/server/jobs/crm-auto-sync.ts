import { runAutoSyncIfDue } from '../modules/crm';
import type { CrmDeps } from '../modules/crm';

/**
 * `crm: auto-sync` (docs/crm.md; jobs/registry.ts): each run asks whether the CRM's automatic sync is
 * due and, if so, starts it as a background job. Safe on many instances: one running job per kind, and
 * "due" checked again in the transaction that creates it (modules/crm/auto-sync.ts).
 */
export function crmAutoSyncRun(deps: CrmDeps) {
  return async () => {
    const check = await runAutoSyncIfDue(deps);
    if (check.started) deps.log.info({ job: check.job.id }, 'crm: auto-sync started');
  };
}
