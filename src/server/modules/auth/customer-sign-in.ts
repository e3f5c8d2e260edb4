import { eq, sql } from 'drizzle-orm';
import type { SessionCustomer } from '../../../shared/contracts/auth';
import { featureAccessOf } from '../../../shared/feature-access';
import type { Db, Tx } from '../../db/client';
import { customers, plans, subscriptions, teamMembers } from '../../db/schema';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../auth/access';
import { verifyPassword } from '../../auth/passwords';
import { createSession, customerIdleTimeoutSeconds } from '../../auth/sessions';
import { recordAudit, type AuditActor } from '../audit';
import { queueNewSignInIfUnseen } from '../email-events';
import type { Mailer } from '../email-events';
import { toSessionCustomer } from './service';
import { decoy, LOGIN_MESSAGES, type LoginFailure } from './sign-in-failures';

/** The account an email signs in to: the owner's own, or the one a team member belongs to. */
async function findCustomerLogin(db: Db, email: string) {
  const base = () =>
    db
      .select({ customer: customers, member: teamMembers, planName: plans.name, subscription: subscriptions })
      .from(customers)
      .leftJoin(plans, eq(plans.id, customers.planId))
      .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id));
  const [owner] = await base()
    .leftJoin(teamMembers, sql`false`)
    .where(sql`lower(${customers.email}) = ${email}`);
  if (owner) return { ...owner, passwordHash: owner.customer.passwordHash };
  const [member] = await base()
    .innerJoin(teamMembers, eq(teamMembers.customerId, customers.id))
    .where(sql`lower(${teamMembers.email}) = ${email}`);
  return member ? { ...member, passwordHash: member.member?.passwordHash ?? null } : undefined;
}

export async function signInCustomer(
  db: Db,
  actor: AuditActor,
  input: { email: string; password: string; ttlMs: number; mail: Mailer },
  /** Runs in the sign-in's own transaction (the throttle starts its count again). */
  onSuccess: (tx: Tx) => Promise<void> = async () => undefined,
): Promise<{ ok: true; token: string; expiresAt: Date; customer: SessionCustomer } | LoginFailure> {
  const row = await findCustomerLogin(db, input.email);
  const valid = await verifyPassword(row?.passwordHash ?? (await decoy()), input.password);
  const personId = row ? (row.member?.id ?? row.customer.id) : null;
  if (!row || !valid) {
    const errorType = row ? 'invalid_password' : 'invalid_email';
    await recordAudit(
      db,
      {
        ...actor,
        actorType: 'anonymous',
        actorId: personId,
        actorEmail: input.email,
        accountId: row?.customer.id ?? null,
      },
      {
        action: 'login',
        resourceType: 'authentication',
        resourceId: personId,
        newValues: { kind: 'customer', reason: errorType },
        success: false,
      },
    );
    return { ok: false, errorType, message: LOGIN_MESSAGES[errorType] };
  }
  return openCustomerSession(db, actor, row, input, onSuccess);
}

/**
 * A sign-in the external fleet CRM vouched for (its token checked, by the caller, for this email):
 * the account or team member with the email, opened as a password sign-in is, its audit row marked
 * `via: fleet-crm`. No password, so no throttle count to take back.
 */
export async function signInFromFleetCrm(
  db: Db,
  actor: AuditActor,
  input: { email: string; ttlMs: number; mail: Mailer },
): Promise<{ ok: true; token: string; expiresAt: Date } | LoginFailure> {
  const row = await findCustomerLogin(db, input.email);
  if (!row) {
    await recordFleetCrmRefusal(db, actor, input.email, 'no_account');
    return { ok: false, errorType: 'invalid_email', message: LOGIN_MESSAGES.invalid_email };
  }
  return openCustomerSession(db, actor, row, { ...input, via: 'fleet-crm' }, async () => undefined);
}

/** A refused automatic login in the audit trail, as a failed sign-in (the token is never kept). */
export async function recordFleetCrmRefusal(db: Db, actor: AuditActor, email: string, reason: string) {
  await recordAudit(
    db,
    { ...actor, actorType: 'anonymous', actorId: null, actorEmail: email, accountId: null },
    {
      action: 'login',
      resourceType: 'authentication',
      resourceId: null,
      newValues: { kind: 'customer', via: 'fleet-crm', reason },
      success: false,
    },
  );
}

type CustomerLogin = NonNullable<Awaited<ReturnType<typeof findCustomerLogin>>>;

/**
 * The sign-in once the person is proven (their password, or the fleet CRM's word): the account
 * must still exist and not be suspended; then the session, the sign-in signals (last sign-in, the
 * new-browser email, the audit row) in one transaction. `via` marks a sign-in that came from
 * elsewhere than our own password form, on its audit rows.
 */
async function openCustomerSession(
  db: Db,
  actor: AuditActor,
  row: CustomerLogin,
  input: SessionInput,
  onSuccess: (tx: Tx) => Promise<void>,
): Promise<{ ok: true; token: string; expiresAt: Date; customer: SessionCustomer } | LoginFailure> {
  return db.transaction(async (tx) => {
    const refused = await refusedAccount(tx, actor, row, input);
    if (refused) return refused;
    await onSuccess(tx);
    const session = await recordCustomerSignIn(tx, actor, row, input);
    return {
      ok: true as const,
      token: session.token,
      expiresAt: session.expiresAt,
      customer: sessionCustomerOf(row),
    };
  });
}

type SessionInput = { email: string; ttlMs: number; mail: Mailer; via?: 'fleet-crm' };

/**
 * Why the account cannot be signed in to now (gone, or suspended: audited), or null. Leaves the
 * account's row locked for the rest of the sign-in.
 */
async function refusedAccount(
  tx: Tx,
  actor: AuditActor,
  row: CustomerLogin,
  input: SessionInput,
): Promise<LoginFailure | null> {
  const personId = row.member?.id ?? row.customer.id;
  const via = input.via ? { via: input.via } : {};
  const { customer: c } = row;
  // The account's status read again, waiting for a suspension being committed (it holds the row),
  // so no session is opened into an account that has just been suspended. Taken for update, not
  // shared: the sign-in writes last_sign_in_at on this row below, and two sign-ins each holding a
  // share lock and then wanting to write would wait for each other (a deadlock on PostgreSQL).
  const [account] = await tx
    .select({ status: customers.status })
    .from(customers)
    .where(eq(customers.id, c.id))
    .for('no key update');
  // Deleted since its password was checked: answered as an account that does not exist.
  if (!account)
    return {
      ok: false as const,
      errorType: 'invalid_email' as const,
      message: LOGIN_MESSAGES.invalid_email,
    };
  if (account.status === 'suspended') {
    await recordAudit(
      tx,
      { ...actor, actorType: 'anonymous', actorId: personId, actorEmail: input.email, accountId: c.id },
      {
        action: 'login',
        resourceType: 'authentication',
        resourceId: personId,
        newValues: { kind: 'customer', reason: 'account_suspended', ...via },
        success: false,
      },
    );
    return {
      ok: false as const,
      errorType: 'account_suspended' as const,
      message: ACCOUNT_SUSPENDED_MESSAGE,
    };
  }
  return null;
}

/** The session and the sign-in's signals: last sign-in, the member's last login, new-browser email, audit. */
async function recordCustomerSignIn(tx: Tx, actor: AuditActor, row: CustomerLogin, input: SessionInput) {
  const personId = row.member?.id ?? row.customer.id;
  const via = input.via ? { via: input.via } : {};
  const { customer: c, member } = row;
  // Engagement for the health score: the owner's or any team member's sign-in, on the account's row
  // (locked above, before the member's row: the account row comes before the rows it owns).
  await tx
    .update(customers)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(customers.id, c.id));
  const session = await createSession(tx, {
    kind: 'customer',
    subjectId: c.id,
    teamMemberId: member?.id ?? null,
    ttlMs: input.ttlMs,
    idleTimeoutSeconds: await customerIdleTimeoutSeconds(tx, c.id),
    ip: actor.ipAddress,
    userAgent: actor.userAgent,
  });
  if (member)
    await tx.update(teamMembers).set({ lastLoginAt: new Date() }).where(eq(teamMembers.id, member.id));
  const who = {
    ...actor,
    actorType: 'customer' as const,
    actorId: personId,
    actorEmail: member?.email ?? c.email,
    accountId: c.id,
  };
  await queueNewSignInIfUnseen(
    tx,
    input.mail,
    { kind: 'customer', customerId: c.id, person: member ?? c },
    { personId, ipAddress: actor.ipAddress, userAgent: actor.userAgent, now: new Date() },
  );
  await recordAudit(tx, who, {
    action: 'login',
    resourceType: 'authentication',
    resourceId: personId,
    newValues: { kind: member ? 'team_member' : 'customer', ...via },
  });
  return session;
}

/** The signed-in person as the session answers them: the team member's own details over the account's. */
function sessionCustomerOf(row: CustomerLogin): SessionCustomer {
  const { customer: c, member } = row;
  return toSessionCustomer({
    ...c,
    email: member?.email ?? c.email,
    firstName: member?.firstName ?? c.firstName,
    lastName: member?.lastName ?? c.lastName,
    role: member?.role ?? c.role,
    isPasswordSet: member?.isPasswordSet ?? c.isPasswordSet,
    isOwner: !member,
    teamMemberId: member?.id ?? null,
    featureAccess: featureAccessOf(c.featureAccess),
    planName: row.planName,
    subscriptionStatus: row.subscription?.status ?? 'none',
    trialEndsAt: row.subscription?.trialEndsAt ?? null,
  });
}
