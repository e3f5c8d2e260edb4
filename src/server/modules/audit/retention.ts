import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditChain, auditLogs } from '../../db/schema';
import { auditCategoryOf } from '../../../shared/audit-categories';
import { securitySettingsOf, type SecurityConfig } from '../system-settings';
import type { AuditActor } from './service';

const DAY = 86_400_000;
export const RETENTION_BATCH = 5000;

export const SYSTEM_ACTOR: AuditActor = {
  actorType: 'system',
  actorId: null,
  actorEmail: null,
  ipAddress: null,
  userAgent: null,
};

type Rows<T> = { rows: T[] };

/**
 * Deletes sealed audit rows older than the retention setting (security settings `auditRetentionDays`,
 * default 365), from the start of the chain, in batches: each batch moves the chain's floor to its last
 * deleted row in the same transaction, so verify starts from there and still proves the rest, and writes
 * its own `audit_retention` row in that transaction naming the new floor: verify refuses a floor that no
 * retention row names (a floor moved by hand to hide deleted rows). Unsealed rows are left to the sealer.
 */
export async function enforceAuditRetention(
  db: Db,
  config: SecurityConfig,
  now: Date,
  batch = RETENTION_BATCH,
): Promise<{ deleted: number; retentionDays: number; cutoff: string }> {
  const { auditRetentionDays: retentionDays } = await securitySettingsOf(db, config);
  const cutoff = new Date(now.getTime() - retentionDays * DAY);
  let deleted = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const [chain] = (
        (await tx.execute(
          sql`select floor_seq::text from ${auditChain} where id = 1 for update`,
        )) as unknown as Rows<{ floor_seq: string }>
      ).rows;
      const floor = Number(chain?.floor_seq ?? 0);
      // The oldest positions first; stop at the first row still within the retention period.
      const { rows } = (await tx.execute(sql`select chain_seq::text as seq, hash,
          created_at < ${cutoff.toISOString()}::timestamptz as old
        from audit_logs where chain_seq > ${floor} order by chain_seq limit ${batch}`)) as unknown as Rows<{
        seq: string;
        hash: string;
        old: boolean;
      }>;
      let last: { seq: string; hash: string } | null = null;
      for (const row of rows) {
        if (!row.old) break;
        last = row;
      }
      if (!last) return 0;
      const removed = (await tx.execute(
        sql`delete from audit_logs where chain_seq > ${floor} and chain_seq <= ${Number(last.seq)} returning id`,
      )) as unknown as Rows<{ id: string }>;
      await tx.execute(
        sql`update ${auditChain} set floor_seq = ${Number(last.seq)}, floor_hash = ${last.hash}, updated_at = now() where id = 1`,
      );
      // Written directly, not through recordAudit: the floor's hash is a chain hash, not a secret, and
      // the redaction by key and shape would replace it. Every value here is ours.
      await tx.insert(auditLogs).values({
        actorType: SYSTEM_ACTOR.actorType,
        action: 'audit_retention',
        category: auditCategoryOf('audit_retention'),
        resourceType: 'audit_log',
        newValues: {
          deleted: removed.rows.length,
          floorSeq: Number(last.seq),
          floorHash: last.hash,
          cutoff: cutoff.toISOString(),
          retentionDays,
        },
        success: true,
      });
      return removed.rows.length;
    });
    deleted += n;
    if (n === 0) break;
  }
  return { deleted, retentionDays, cutoff: cutoff.toISOString() };
}
