import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, sessions, teamMembers } from '../../db/schema';
import { checkCurrentPassword } from '../../auth/password-checks';
import { hashPassword } from '../../auth/passwords';
import { liveSession, sessionPerson } from '../../auth/sessions';
import { tokenDigest } from '../../auth/tokens';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { inTransaction } from '../../http/request-context';
import { recordAudit } from '../audit';
import { customerById } from '../billing';
import { detachCards, removeCustomerAccount } from '../customers';
import { queuePasswordChanged } from '../email-events';
import type { Mailer } from '../email-events';
import type { CustomerContext } from '../../http/request-context';

export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';

/**
 * A new password ends every other session of the account (the one in use stays), marks the
 * password as set by the customer, and erases any temporary password staff had generated.
 */
type PasswordChange = {
  /** Set when a team member changes their own password. */
  teamMemberId: string | null;
  /** The session in use, which stays. */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
};

export async function changeCustomerPassword(
  ctx: CustomerContext,
  mail: Mailer,
  input: PasswordChange,
): Promise<void> {
  if (input.teamMemberId)
    return changeTeamMemberPassword(ctx, mail, { ...input, teamMemberId: input.teamMemberId });
  const { db, actor } = ctx;
  const now = ctx.clock.now();
  const customer = await customerById(db, ctx.accountId);
  if (!(await checkCurrentPassword(db, customer.id, customer.passwordHash, input.currentPassword, now))) {
    await recordAudit(db, actor, {
      action: 'change_password',
      resourceType: 'customer',
      resourceId: customer.id,
      success: false,
    });
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx, async ({ db: tx, account }) => {
    await account.updateAccount({
      passwordHash,
      isPasswordSet: true,
      lastPasswordChange: now,
      updatedAt: now,
    });
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
        lastPasswordChange: now.toISOString(),
        otherSessionsEnded: true,
      },
    });
    const person = { email: customer.email, firstName: customer.firstName, lastName: customer.lastName };
    await queuePasswordChanged(tx, mail, { kind: 'customer', customerId: customer.id, person });
  });
}

async function changeTeamMemberPassword(
  ctx: CustomerContext,
  mail: Mailer,
  input: PasswordChange & { teamMemberId: string },
): Promise<void> {
  const { db, actor, account } = ctx;
  const now = ctx.clock.now();
  const [member] = await account.select(teamMembers, eq(teamMembers.id, input.teamMemberId));
  const valid = await checkCurrentPassword(
    db,
    input.teamMemberId,
    member?.passwordHash,
    input.currentPassword,
    now,
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
  await inTransaction(ctx, async ({ db: tx, account }) => {
    await account.update(
      teamMembers,
      { passwordHash, isPasswordSet: true, updatedAt: now },
      eq(teamMembers.id, member.id),
    );
    await tx
      .delete(sessions)
      .where(and(eq(sessions.teamMemberId, member.id), ne(sessions.id, input.sessionId)));
    await recordAudit(tx, actor, {
      action: 'change_password',
      resourceType: 'team_member',
      resourceId: member.id,
      newValues: { isPasswordSet: true, otherSessionsEnded: true },
    });
    await queuePasswordChanged(tx, mail, { kind: 'customer', customerId: member.customerId, person: member });
  });
}

/**
 * Delete Account: confirmed with the password; the subscription ends now, and the account goes
 * with all its records the way every account goes (customers/account-removal.ts: payments and
 * invoices stay for the books, detached); then the cards are detached at the provider.
 */
export async function deleteCustomerAccount(ctx: CustomerContext, password: string): Promise<void> {
  const { db, actor, accountId: customerId } = ctx;
  const customer = await customerById(db, customerId);
  if (!(await checkCurrentPassword(db, customerId, customer.passwordHash, password, ctx.clock.now()))) {
    await recordAudit(db, actor, {
      action: 'delete',
      resourceType: 'customer',
      resourceId: customerId,
      success: false,
    });
    throw new HttpError(400, 'The password is incorrect. Your account was not deleted.', {
      errors: { password: 'The password is incorrect.' },
    });
  }
  const removed = await inTransaction(ctx, async ({ db: tx }) => {
    const gone = await removeCustomerAccount(tx, customerId, ctx.clock.now());
    if (!gone) throw notFound('Customer not found');
    await recordAudit(tx, actor, {
      action: 'delete',
      resourceType: 'customer',
      resourceId: customerId,
      oldValues: {
        email: gone.customer.email,
        companyName: gone.customer.companyName,
        planId: gone.customer.planId,
        subscriptionStatus: gone.subscription?.status ?? null,
      },
      newValues: {
        deletedBy: 'customer',
        subscription: 'cancelled',
        paymentsKept: gone.keptPayments,
        invoicesKept: gone.keptInvoices,
      },
    });
    return gone;
  });
  await detachCards(ctx.provider, removed.cards);
}

/**
 * Auto-login from the fleet CRM (docs/fleet-crm.md): with no external CRM configured, the token is one of
 * our own customer sessions, and it must belong to the email given.
 */
export async function validateFleetToken(db: Db, token: string, email: string) {
  // A team member's token signs in that team member, never the account owner.
  const [row] = await db
    .select({
      id: customers.id,
      teamMemberId: teamMembers.id,
      ...sessionPerson,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .leftJoin(teamMembers, eq(teamMembers.id, sessions.teamMemberId))
    .where(liveSession('customer', tokenDigest(token)));
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
