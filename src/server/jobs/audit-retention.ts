import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { enforceAuditRetention } from '../modules/audit/retention';
import type { SecurityConfig } from '../modules/system-settings/service';
import { startPeriodic } from './periodic';

const HOUR = 3600_000;

/**
 * Audit retention (docs/audit-logs.md "Retention"): every six hours (the first a minute after start),
 * deletes sealed audit rows older than the security setting `auditRetentionDays` (default 365), moving
 * the chain's floor with them, and writes its own audit row when it deleted any. Safe on several
 * instances: each batch holds the chain row's lock.
 */
export function startAuditRetention(db: Db, config: SecurityConfig, log: FastifyBaseLogger): () => void {
  return startPeriodic(
    'audit: retention',
    log,
    async () => {
      const result = await enforceAuditRetention(db, config, new Date());
      if (result.deleted > 0) log.info(result, 'audit retention: old audit rows deleted');
    },
    { intervalMs: 6 * HOUR, firstRunMs: 60_000 },
  );
}
