import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  PASSWORD_RESET_INVALID_MESSAGE,
  type PasswordResetAccountType,
} from '../../../shared/contracts/password-reset';
import type { Executor } from '../../db/client';
import {
  customerLogins,
  customers,
  passwordResetTokens,
  sessions,
  staffUsers,
  teamMembers,
} from '../../db/schema';
import { countInWindow, resetFailures, type AttemptWindow } from '../../auth/attempt-counters';
import { hashPassword } from '../../auth/passwords';
import { newToken, tokenDigest } from '../../auth/tokens';
import { badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { queuePasswordChanged, type Account } from '../email-events';
import {
  customerPerson,
  emailLinks,
  emailMoment,
  personData,
  personTo,
  staffPerson,
  type Person,
} from '../email-events';
import type { Services } from '../../services';

/** A reset link works for one hour, once (docs/password-reset.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/** Requests for one address in an hour, counted whether or not it has an account. */
export const RESET_PER_ADDRESS = {
  window: { scope: 'password-reset-address', windowMs: HOUR_MS },
  max: 5,
} as const;
/** Links issued to one account in an hour. */
export const RESET_PER_ACCOUNT = {
  window: { scope: 'password-reset-account', windowMs: HOUR_MS },
  max: 3,
} as const;

export type PasswordResetDeps = Pick<Services, 'db' | 'clock' | 'mail'>;

/** Whose password a link resets. */
type ResetAccount = {
  ids: { customerId: string | null; teamMemberId: string | null; staffUserId: string | null };
  account: Account;
  /** The audit trail's id of the person (as their sign-ins name them). */
  personId: string;
};

async function findAccount(
  db: Executor,
  type: PasswordResetAccountType,
  email: string,
): Promise<ResetAccount | null> {
  if (type === 'staff') {
    const [row] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.email}) = ${email}`);
    const person = row ? await staffPerson(db, row.id) : null;
    if (!row || !person) return null;
    return {
      ids: { customerId: null, teamMemberId: null, staffUserId: row.id },
      account: { kind: 'staff', staffUserId: row.id, person },
      personId: row.id,
    };
  }
  // One email signs in to one account, as its owner or as one of its team members (customer_logins).
  const [login] = await db.select().from(customerLogins).where(eq(customerLogins.email, email));
  const person = login ? await customerPerson(db, login.customerId, login.teamMemberId) : null;
  if (!login || !person) return null;
  return {
    ids: { customerId: login.customerId, teamMemberId: login.teamMemberId, staffUserId: null },
    account: { kind: 'customer', customerId: login.customerId, person },
    personId: login.teamMemberId ?? login.customerId,
  };
}

/** A transaction rolled back on purpose: the work of a request that sends nothing. */
class Discarded extends Error {}

/**
 * `POST /api/auth/password-reset`: a single-use link by email, valid one hour. The answer and the work
 * are the same whether or not the address has an account: a request that sends nothing (no account,
 * or over a limit) writes the token and the email all the same, in a transaction then rolled back.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  actor: AuditActor,
  input: { email: string; accountType: PasswordResetAccountType },
): Promise<void> {
  const now = deps.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  const found = await findAccount(deps.db, input.accountType, input.email);
  const perAddress = await countInWindow(
    deps.db,
    RESET_PER_ADDRESS.window as AttemptWindow,
    `${input.accountType}:${input.email}`,
    now,
  );
  const perAccount = await countInWindow(
    deps.db,
    RESET_PER_ACCOUNT.window as AttemptWindow,
    found ? `${input.accountType}:${found.personId}` : `${input.accountType}:none:${input.email}`,
    now,
  );
  const limited = perAddress.count > RESET_PER_ADDRESS.max || perAccount.count > RESET_PER_ACCOUNT.max;
  const sends = found !== null && !limited;
  const person: Person = found?.account.person ?? { email: input.email, firstName: '', lastName: '' };
  const linkBase = emailLinks(deps.mail);
  const auditRow = {
    action: 'password_reset_request',
    resourceType: 'authentication',
    resourceId: found?.personId ?? null,
    newValues: {
      kind: input.accountType,
      ...(sends
        ? { expiresAt: expiresAt.toISOString() }
        : { sent: false, reason: found ? 'rate_limited' : 'no_account' }),
    },
    success: sends,
  };
  const who: AuditActor = {
    ...actor,
    actorEmail: input.email,
    actorId: found?.personId ?? null,
    accountId: found?.ids.customerId ?? null,
  };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        id: tokenDigest(token),
        ...(found?.ids ?? { customerId: null, teamMemberId: null, staffUserId: null }),
        expiresAt,
        requestedIp: actor.ipAddress,
        createdAt: now,
      });
      await deps.mail.queue.queue(tx, {
        template: 'password_reset',
        to: personTo(person),
        customerId: found?.ids.customerId ?? null,
        staffUserId: found?.ids.staffUserId ?? null,
        data: {
          ...personData(person),
          resetUrl: `${linkBase.absolute('/reset-password')}?token=${encodeURIComponent(token)}`,
          expiresAt: await emailMoment(tx, expiresAt),
        },
      });
      await recordAudit(tx, who, auditRow);
      if (!sends) throw new Discarded();
    });
  } catch (error) {
    if (!(error instanceof Discarded)) throw error;
    await recordAudit(deps.db, who, auditRow);
  }
}

/**
 * `POST /api/auth/password-reset/confirm`: the token is spent by one conditional update (unused and
 * unexpired), so of two confirms at once exactly one wins; the password is set, every session of the
 * person ends, their other links die, and the password_changed email goes, in one transaction.
 */
export async function confirmPasswordReset(
  deps: PasswordResetDeps,
  actor: AuditActor,
  input: { token: string; newPassword: string },
): Promise<{ accountType: PasswordResetAccountType }> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.newPassword);
  const spent = await deps.db.transaction(async (tx) => {
    const [token] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.id, tokenDigest(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!token) return null;
    const account = await applyNewPassword(tx, token, passwordHash, now);
    if (!account) return null;
    // Any other link of the same person stops working: this one has just set their password.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(isNull(passwordResetTokens.usedAt), sameOwner(token)));
    await recordAudit(
      tx,
      {
        ...actor,
        actorType: account.account.kind === 'staff' ? 'staff' : 'customer',
        actorId: account.personId,
        actorEmail: account.account.person.email,
        accountId: token.customerId,
      },
      {
        action: 'password_reset',
        resourceType:
          account.account.kind === 'staff' ? 'user' : token.teamMemberId ? 'team_member' : 'customer',
        resourceId: account.personId,
        newValues: { isPasswordSet: true, sessionsEnded: account.sessionsEnded },
      },
    );
    await queuePasswordChanged(tx, deps.mail, account.account);
    // The person proved they own the address: their sign-in failures start over.
    await resetFailures(
      tx,
      { scope: account.account.kind === 'staff' ? 'staff-sign-in' : 'customer-sign-in', windowMs: 0 },
      account.account.person.email.toLowerCase(),
    );
    return account;
  });
  if (!spent) {
    await recordAudit(deps.db, actor, {
      action: 'password_reset',
      resourceType: 'authentication',
      resourceId: null,
      newValues: { reason: 'invalid_used_or_expired' },
      success: false,
    });
    throw badRequest(PASSWORD_RESET_INVALID_MESSAGE, { token: PASSWORD_RESET_INVALID_MESSAGE });
  }
  return { accountType: spent.account.kind };
}

type TokenRow = typeof passwordResetTokens.$inferSelect;

const sameOwner = (token: TokenRow) =>
  token.staffUserId
    ? eq(passwordResetTokens.staffUserId, token.staffUserId)
    : token.teamMemberId
      ? eq(passwordResetTokens.teamMemberId, token.teamMemberId)
      : and(eq(passwordResetTokens.customerId, token.customerId!), isNull(passwordResetTokens.teamMemberId));

/** Sets the password of the link's person and ends every one of their sessions. */
async function applyNewPassword(tx: Executor, token: TokenRow, passwordHash: string, now: Date) {
  if (token.staffUserId) {
    const [row] = await tx
      .update(staffUsers)
      .set({ passwordHash, isPasswordSet: true, passwordChangedAt: now, updatedAt: now })
      .where(eq(staffUsers.id, token.staffUserId))
      .returning({ id: staffUsers.id });
    const person = row ? await staffPerson(tx, row.id) : null;
    if (!row || !person) return null;
    // Their own sessions and the ones they opened into customer accounts.
    const ended = await tx
      .delete(sessions)
      .where(or(eq(sessions.staffUserId, row.id), eq(sessions.impersonatorStaffId, row.id)))
      .returning({ id: sessions.id });
    return {
      personId: row.id,
      sessionsEnded: ended.length,
      account: { kind: 'staff', staffUserId: row.id, person } satisfies Account,
    };
  }
  if (!token.customerId) return null;
  if (token.teamMemberId) {
    const [row] = await tx
      .update(teamMembers)
      .set({ passwordHash, isPasswordSet: true, updatedAt: now })
      .where(and(eq(teamMembers.id, token.teamMemberId), eq(teamMembers.customerId, token.customerId)))
      .returning();
    if (!row) return null;
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.teamMemberId, row.id))
      .returning({ id: sessions.id });
    return {
      personId: row.id,
      sessionsEnded: ended.length,
      account: { kind: 'customer', customerId: row.customerId, person: row } satisfies Account,
    };
  }
  const [row] = await tx
    .update(customers)
    .set({
      passwordHash,
      isPasswordSet: true,
      lastPasswordChange: now,
      updatedAt: now,
    })
    .where(eq(customers.id, token.customerId))
    .returning();
  if (!row) return null;
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.customerId, row.id), isNull(sessions.teamMemberId)))
    .returning({ id: sessions.id });
  return {
    personId: row.id,
    sessionsEnded: ended.length,
    account: { kind: 'customer', customerId: row.id, person: row } satisfies Account,
  };
}
