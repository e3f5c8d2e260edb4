import { eq, sql } from 'drizzle-orm';
import type { StaffUser } from '../../../shared/contracts/auth';
import type { Db, Tx } from '../../db/client';
import { activities, staffUsers } from '../../db/schema';
import { verifyPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import { recordAudit, type AuditActor } from '../audit';
import { staffPreferenceDefaultsFrom, storedGeneralSettings } from '../system-settings';
import { queueNewSignInIfUnseen } from '../email-events';
import type { Mailer } from '../email-events';
import { toStaffUser } from './service';
import { decoy, LOGIN_MESSAGES, type LoginFailure } from './sign-in-failures';

export async function signInStaff(
  db: Db,
  actor: AuditActor,
  input: { email: string; password: string; ttlMs: number; idleTimeoutSeconds: number; mail: Mailer },
  /** Runs in the sign-in's own transaction (the throttle starts its count again). */
  onSuccess: (tx: Tx) => Promise<void> = async () => undefined,
): Promise<{ ok: true; token: string; expiresAt: Date; user: StaffUser } | LoginFailure> {
  // The company's theme and timezone for the answer come with the user: one statement, not two.
  const [found] = await db
    .select({ user: staffUsers, general: storedGeneralSettings() })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${input.email}`);
  const row = found?.user;
  const valid = await verifyPassword(row?.passwordHash ?? (await decoy()), input.password);
  if (!row || !valid) {
    const errorType = row ? 'invalid_password' : 'invalid_email';
    await recordAudit(
      db,
      { ...actor, actorId: row?.id ?? null, actorEmail: input.email },
      {
        action: 'login',
        resourceType: 'authentication',
        resourceId: row?.id ?? null,
        newValues: { kind: 'staff', reason: errorType },
        success: false,
      },
    );
    return { ok: false, errorType, message: LOGIN_MESSAGES[errorType] };
  }
  return db.transaction(async (tx) => {
    await onSuccess(tx);
    const session = await createSession(tx, {
      kind: 'staff',
      subjectId: row.id,
      ttlMs: input.ttlMs,
      idleTimeoutSeconds: input.idleTimeoutSeconds,
      ip: actor.ipAddress,
      userAgent: actor.userAgent,
    });
    const [updated] = await tx
      .update(staffUsers)
      .set({ lastLoginAt: new Date() })
      .where(eq(staffUsers.id, row.id))
      .returning();
    const who = { ...actor, actorType: 'staff' as const, actorId: row.id, actorEmail: row.email };
    // Before this sign-in's audit row: the earlier ones say whether this browser is new.
    await queueNewSignInIfUnseen(
      tx,
      input.mail,
      {
        kind: 'staff',
        staffUserId: row.id,
        person: { email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
      },
      { personId: row.id, ipAddress: actor.ipAddress, userAgent: actor.userAgent, now: new Date() },
    );
    await recordAudit(tx, who, {
      action: 'login',
      resourceType: 'authentication',
      resourceId: row.id,
      newValues: { kind: 'staff' },
    });
    await tx.insert(activities).values({
      action: 'admin_login',
      description: `${row.email} signed in to the back-office`,
      metadata: { ipAddress: actor.ipAddress, userAgent: actor.userAgent?.slice(0, 50) ?? null },
    });
    return {
      ok: true as const,
      token: session.token,
      expiresAt: session.expiresAt,
      user: toStaffUser(updated!, staffPreferenceDefaultsFrom(found!.general)),
    };
  });
}
