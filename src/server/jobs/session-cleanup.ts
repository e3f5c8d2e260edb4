import { not, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { deleteStaleCounters } from '../auth/attempt-counters';
import { sessionAlive } from '../auth/sessions';
import { deleteExpiredChallenges } from '../auth/sign-in-throttle';
import { recordAudits, type AuditActor, type AuditEntry } from '../modules/audit';

const HOUR = 3600_000;
/** Sessions ended per transaction (each with its audit row). */
export const SESSION_END_BATCH = 500;

type Ended = {
  kind: string;
  staff_user_id: string | null;
  customer_id: string | null;
  team_member_id: string | null;
  impersonator_staff_id: string | null;
  email: string | null;
  reason: 'expired' | 'idle';
};

/**
 * Sessions past their end (`expires_at`) or their idle timeout are refused by the session query anyway;
 * this deletes them, a batch at a time, and writes one `session_end` audit row for each (OWASP: session
 * ends), with who it was and why it ended; never the session's id. A session a sign-out ended is audited
 * by the sign-out (`logout`). Safe on many instances: each batch's rows are taken with SKIP LOCKED.
 */
export async function endExpiredSessions(db: Db, batch = SESSION_END_BATCH): Promise<number> {
  let ended = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`with gone as (
          delete from ${sessions} where id in (
            select id from ${sessions} where ${not(sessionAlive()!)} limit ${batch} for update skip locked)
          returning kind, staff_user_id, customer_id, team_member_id, impersonator_staff_id,
            case when expires_at <= now() then 'expired' else 'idle' end as reason)
        select gone.kind, gone.staff_user_id::text, gone.customer_id::text, gone.team_member_id::text,
          gone.impersonator_staff_id::text, gone.reason,
          coalesce(s.email, m.email, c.email) as email
        from gone
        left join staff_users s on s.id = coalesce(gone.staff_user_id, gone.impersonator_staff_id)
        left join team_members m on m.id = gone.team_member_id
        left join customers c on c.id = gone.customer_id`)) as unknown as { rows: Ended[] };
      const byActor = new Map<string, { actor: AuditActor; entries: AuditEntry[] }>();
      for (const row of rows) {
        const staffId = row.staff_user_id ?? row.impersonator_staff_id;
        const actor: AuditActor = {
          actorType: staffId ? 'staff' : 'customer',
          actorId: staffId ?? row.team_member_id ?? row.customer_id,
          actorEmail: row.email,
          accountId: row.customer_id,
          ipAddress: null,
          userAgent: null,
        };
        const key = `${actor.actorType}|${actor.actorId}|${actor.accountId}`;
        const group = byActor.get(key) ?? { actor, entries: [] };
        group.entries.push({
          action: 'session_end',
          resourceType: 'authentication',
          resourceId: actor.actorId,
          newValues: {
            reason: row.reason,
            kind: row.kind,
            ...(row.impersonator_staff_id ? { impersonation: true } : {}),
          },
        });
        byActor.set(key, group);
      }
      for (const { actor, entries } of byActor.values()) await recordAudits(tx, actor, entries);
      return rows.length;
    });
    ended += n;
    if (n < batch) return ended;
  }
}

/**
 * One run of `sessions: cleanup` (jobs/registry.ts). Expired sessions, spent sign-in challenges and
 * failure counters older than any window are refused or ignored anyway; this only keeps their tables
 * small. Safe on many instances.
 */
export function sessionCleanupRun(db: Db) {
  return async () => {
    const now = new Date();
    await endExpiredSessions(db);
    await deleteExpiredChallenges(db, now);
    await deleteStaleCounters(db, new Date(now.getTime() - 24 * HOUR));
  };
}
