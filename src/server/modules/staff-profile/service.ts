import { and, count, desc, eq, ne, or } from 'drizzle-orm';
import { pageOffset, toPage, type PageRequest } from '../../../shared/contracts/common';
import {
  SAME_PASSWORD_MESSAGE,
  WRONG_CURRENT_STAFF_PASSWORD,
  type PreferencesUpdate,
  type ProfileUpdateRequest,
  type StaffChangePasswordRequest,
} from '../../../shared/contracts/staff-profile';
import { preferencesOf, type StaffPreferences } from '../../../shared/staff-preferences';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { auditLogs, sessions, staffUsers } from '../../db/schema';
import { checkCurrentPassword } from '../../auth/password-checks';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { sessionAlive, type StaffPrincipal } from '../../auth/sessions';
import { badRequest, conflict } from '../../http/errors';
import { recordAudit } from '../audit';
import { STAFF_EMAIL_TAKEN } from '../team';
import { queuePasswordChanged } from '../email-events';
import type { StaffContext } from '../../http/staff-context';
import { inTransaction } from '../../http/request-context';

const detailsOf = (u: Pick<StaffPrincipal, 'firstName' | 'lastName' | 'email' | 'phone'>) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
});

/** Name, email and phone; role and permissions are changed only in Team Management. */
export async function updateProfile(ctx: StaffContext, input: ProfileUpdateRequest): Promise<void> {
  try {
    await inTransaction(ctx, async ({ db: tx }) => {
      await tx
        .update(staffUsers)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone || null,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(staffUsers.id, ctx.staff.id));
      await recordAudit(tx, ctx.actor, {
        action: 'update',
        resourceType: 'user',
        resourceId: ctx.staff.id,
        oldValues: detailsOf(ctx.staff),
        newValues: { ...input, phone: input.phone || null },
      });
    });
  } catch (error) {
    throw isUniqueViolation(error) ? conflict(STAFF_EMAIL_TAKEN, { email: STAFF_EMAIL_TAKEN }) : error;
  }
}

/** The member's other sessions, and the customer sessions they opened into accounts. */
const othersOf = (me: Pick<StaffPrincipal, 'id' | 'sessionId'>) =>
  and(
    or(eq(sessions.staffUserId, me.id), eq(sessions.impersonatorStaffId, me.id)),
    ne(sessions.id, me.sessionId),
  );

/**
 * The member's own password: the current one is checked (with the same per-person counter as the
 * portal's), the new one must differ, and every other session ends. Setting it ends the "generated
 * password" state, which opens the back-office.
 */
export async function changeStaffPassword(
  ctx: StaffContext,
  input: StaffChangePasswordRequest,
): Promise<void> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.id, ctx.staff.id));
  const valid = await checkCurrentPassword(
    ctx.db,
    `staff:${ctx.staff.id}`,
    row?.passwordHash,
    input.currentPassword,
    now,
  );
  if (!row || !valid) {
    await recordAudit(ctx.db, ctx.actor, {
      action: 'change_password',
      resourceType: 'user',
      resourceId: ctx.staff.id,
      success: false,
    });
    throw badRequest(WRONG_CURRENT_STAFF_PASSWORD, { currentPassword: WRONG_CURRENT_STAFF_PASSWORD });
  }
  if (await verifyPassword(row.passwordHash, input.newPassword)) {
    throw badRequest(SAME_PASSWORD_MESSAGE, { newPassword: SAME_PASSWORD_MESSAGE });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx, async ({ db: tx }) => {
    await tx
      .update(staffUsers)
      .set({ passwordHash, isPasswordSet: true, passwordChangedAt: now, updatedAt: now })
      .where(eq(staffUsers.id, ctx.staff.id));
    const ended = await tx.delete(sessions).where(othersOf(ctx.staff)).returning({ id: sessions.id });
    await recordAudit(tx, ctx.actor, {
      action: 'change_password',
      resourceType: 'user',
      resourceId: ctx.staff.id,
      newValues: { isPasswordSet: true, otherSessionsEnded: ended.length },
    });
    const person = {
      email: ctx.staff.email,
      firstName: ctx.staff.firstName ?? '',
      lastName: ctx.staff.lastName ?? '',
    };
    await queuePasswordChanged(tx, ctx.mail, { kind: 'staff', staffUserId: ctx.staff.id, person });
  });
}

export async function listOwnSessions(db: Executor, me: Pick<StaffPrincipal, 'id' | 'sessionId'>) {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.staffUserId, me.id), eq(sessions.kind, 'staff'), sessionAlive()))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
  return {
    items: rows.map((s) => ({
      current: s.id === me.sessionId,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
      ipAddress: s.ip,
      userAgent: s.userAgent,
      expiresAt: s.expiresAt.toISOString(),
    })),
  };
}

export async function signOutOtherSessions(ctx: StaffContext): Promise<number> {
  return inTransaction(ctx, async ({ db: tx }) => {
    const ended = await tx.delete(sessions).where(othersOf(ctx.staff)).returning({ id: sessions.id });
    await recordAudit(tx, ctx.actor, {
      action: 'logout',
      resourceType: 'authentication',
      resourceId: ctx.staff.id,
      newValues: { otherSessionsEnded: ended.length },
    });
    return ended.length;
  });
}

/**
 * Saves the preferences the member sent, keeping the others as they were: a preference never saved
 * keeps following the company's default (`defaults`, from System Settings).
 */
export async function savePreferences(
  ctx: StaffContext,
  input: PreferencesUpdate,
  defaults: StaffPreferences,
): Promise<StaffPreferences> {
  const stored = { ...ctx.staff.preferences, ...input };
  const before = preferencesOf(ctx.staff.preferences, defaults);
  const after = preferencesOf(stored, defaults);
  await inTransaction(ctx, async ({ db: tx }) => {
    await tx
      .update(staffUsers)
      .set({ preferences: stored, updatedAt: ctx.clock.now() })
      .where(eq(staffUsers.id, ctx.staff.id));
    await recordAudit(tx, ctx.actor, {
      action: 'update',
      resourceType: 'preferences',
      resourceId: ctx.staff.id,
      oldValues: before,
      newValues: after,
    });
  });
  return after;
}

/** The member's own audit trail, newest first (index audit_logs_actor_idx). */
export async function ownActivity(db: Executor, memberId: string, page: PageRequest) {
  const mine = eq(auditLogs.actorId, memberId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLogs.id,
        action: auditLogs.action,
        resourceType: auditLogs.resourceType,
        resourceId: auditLogs.resourceId,
        success: auditLogs.success,
        ipAddress: auditLogs.ipAddress,
        createdAt: auditLogs.createdAt,
      })
      .from(auditLogs)
      .where(mine)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(auditLogs).where(mine),
  ]);
  return toPage(
    page,
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total?.n ?? 0,
  );
}
