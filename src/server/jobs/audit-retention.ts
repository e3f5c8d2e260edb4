import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { enforceAuditRetention } from '../modules/audit';
import type { SecurityConfig } from '../modules/system-settings';

/**
 * Audit retention (docs/audit-logs.md "Retention"; `audit: retention` in jobs/registry.ts): deletes
 * sealed audit rows older than the security setting `auditRetentionDays` (default 365), moving the
 * chain's floor with them, and writes its own audit row when it deleted any. Safe on several
 * instances: each batch holds the chain row's lock.
 */
export function auditRetentionRun(db: Db, config: SecurityConfig, log: FastifyBaseLogger) {
  return async () => {
    const result = await enforceAuditRetention(db, config, new Date());
    if (result.deleted > 0) log.info(result, 'audit retention: old audit rows deleted');
  };
}
