import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, paymentMethods, sessions, subscriptions, teamMembers } from '../../db/schema';
import { checkCurrentPassword } from '../../auth/password-checks';
import { hashPassword } from '../../auth/passwords';
import { sessionAlive } from '../../auth/sessions';
import { tokenDigest } from '../../auth/tokens';
import { HttpError, badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { customerById, type BillingDeps } from '../billing/context';

export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';

/**
 * A new password ends every other session of the account (the one in use stays), marks the
 * password as set by the customer, and erases any temporary password staff had generated.
 */
export async function changeCustomerPassword(
  db: Db,
  actor: AuditActor,
  input: {
    customerId: string;
    /** Set when a team member changes their own password. */
    teamMemberId: string | null;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
    now: Date;
  },
): Promise<void> {
  if (input.teamMemberId)
    return changeTeamMemberPassword(db, actor, { ...input, teamMemberId: input.teamMemberId });
  const customer = await customerById(db, input.customerId);
  if (
    !(await checkCurrentPassword(db, customer.id, customer.passwordHash, input.currentPassword, input.now))
  ) {
    await recordAudit(db, actor, {
      action: 'change_password',
      resourceType: 'customer',
      resourceId: customer.id,
      success: false,
    });
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({
        passwordHash,
        isPasswordSet: true,
        lastPasswordChange: input.now,
        temporaryPasswordEnc: null,
        updatedAt: input.now,
      })
      .where(eq(customers.id, customer.id));
    // The owner's other sessions end; team members' sessions are their own.
    await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.customerId, customer.id),
          isNull(sessions.teamMemberId),
          ne(sessions.id, input.sessionId),
        ),
      );
    await recordAudit(tx, actor, {
      action: 'change_password',
      resourceType: 'customer',
      resourceId: customer.id,
      newValues: {
        isPasswordSet: true,
        lastPasswordChange: input.now.toISOString(),
        otherSessionsEnded: true,
      },
    });
  });
}

async function changeTeamMemberPassword(
  db: Db,
  actor: AuditActor,
  input: {
    customerId: string;
    teamMemberId: string;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
    now: Date;
  },
): Promise<void> {
  const [member] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.id, input.teamMemberId), eq(teamMembers.customerId, input.customerId)));
  const valid = await checkCurrentPassword(
    db,
    input.teamMemberId,
    member?.passwordHash,
    input.currentPassword,
    input.now,
  );
  if (!member || !valid) {
    await recordAudit(db, actor, {
      action: 'change_password',
      resourceType: 'team_member',
      resourceId: input.teamMemberId,
      success: false,
    });
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(teamMembers)
      .set({ passwordHash, isPasswordSet: true, updatedAt: input.now })
      .where(eq(teamMembers.id, member.id));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.teamMemberId, member.id), ne(sessions.id, input.sessionId)));
    await recordAudit(tx, actor, {
      action: 'change_password',
      resourceType: 'team_member',
      resourceId: member.id,
      newValues: { isPasswordSet: true, otherSessionsEnded: true },
    });
  });
}

/**
 * Delete Account: confirmed with the password; the subscription ends now, cards are detached at
 * the provider, and the account with all its records goes (the audit trail keeps the event).
 */
export async function deleteCustomerAccount(
  deps: BillingDeps,
  actor: AuditActor,
  customerId: string,
  password: string,
): Promise<void> {
  const customer = await customerById(deps.db, customerId);
  if (!(await checkCurrentPassword(deps.db, customerId, customer.passwordHash, password, deps.clock.now()))) {
    await recordAudit(deps.db, actor, {
      action: 'delete',
      resourceType: 'customer',
      resourceId: customerId,
      success: false,
    });
    throw new HttpError(400, 'The password is incorrect. Your account was not deleted.', {
      errors: { password: 'The password is incorrect.' },
    });
  }
  const cards = await deps.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customerId));
  await deps.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customerId))
      .for('update');
    await tx.delete(customers).where(eq(customers.id, customerId));
    await recordAudit(tx, actor, {
      action: 'delete',
      resourceType: 'customer',
      resourceId: customerId,
      oldValues: {
        email: customer.email,
        companyName: customer.companyName,
        planId: customer.planId,
        subscriptionStatus: sub?.status ?? null,
      },
      newValues: { deletedBy: 'customer', subscription: 'cancelled' },
    });
  });
  for (const card of cards) await deps.provider.detachPaymentMethod(card.providerRef).catch(() => undefined);
}

/**
 * Auto-login from the fleet CRM (DECISIONS.md): with no external CRM configured, the token is one of
 * our own customer sessions, and it must belong to the email given.
 */
export async function validateFleetToken(db: Db, token: string, email: string) {
  // A team member's token signs in that team member, never the account owner.
  const [row] = await db
    .select({
      id: customers.id,
      teamMemberId: teamMembers.id,
      email: sql<string>`coalesce(${teamMembers.email}, ${customers.email})`,
      firstName: sql<string>`coalesce(${teamMembers.firstName}, ${customers.firstName})`,
      lastName: sql<string>`coalesce(${teamMembers.lastName}, ${customers.lastName})`,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .leftJoin(teamMembers, eq(teamMembers.id, sessions.teamMemberId))
    .where(and(eq(sessions.id, tokenDigest(token)), eq(sessions.kind, 'customer'), sessionAlive()));
  if (!row || row.email.toLowerCase() !== email.trim().toLowerCase()) return null;
  return {
    sessionId: row.sessionId,
    id: row.id,
    teamMemberId: row.teamMemberId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
  };
}
