import type { Db } from '../db/client';
import { sealAll } from '../modules/audit';

/** How often rows written since the last seal are chained (verify also seals first, on demand). */
export const AUDIT_SEAL_INTERVAL_MS = 5_000;

/**
 * The audit sealer (docs/audit-logs.md "Tamper evidence"; `audit: seal` in jobs/registry.ts): chains
 * the rows written since the last run. Safe on several instances: the chain head's row lock lets one
 * sealer work at a time; the other waits and then finds nothing left, or the rows written meanwhile.
 */
export function auditSealRun(db: Db) {
  return async () => {
    await sealAll(db);
  };
}
