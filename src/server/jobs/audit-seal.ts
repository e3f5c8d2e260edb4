import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { sealAll } from '../modules/audit/chain';
import { startPeriodic } from './periodic';

/** How often rows written since the last seal are chained (verify also seals first, on demand). */
export const AUDIT_SEAL_INTERVAL_MS = 5_000;

/**
 * The audit sealer (docs/audit-logs.md "Tamper evidence"): every few seconds, chains the rows written
 * since the last run. Safe on several instances: the chain head's row lock lets one sealer work at a
 * time; the other waits and then finds nothing left, or the rows written meanwhile.
 */
export function startAuditSealer(db: Db, log: FastifyBaseLogger): () => void {
  return startPeriodic(
    'audit: seal',
    log,
    async () => {
      await sealAll(db);
    },
    { intervalMs: AUDIT_SEAL_INTERVAL_MS, firstRunMs: 2_000 },
  );
}
