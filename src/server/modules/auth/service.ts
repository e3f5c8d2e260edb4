import { eq, sql } from 'drizzle-orm';
import type { CustomerIdentity, SessionCustomer, StaffUser } from '../../../shared/contracts/auth';
import { STAFF_ROLES, type StaffRole } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { activities, customers, plans, staffUsers, subscriptions, teamMembers } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import {
  createSession,
  customerIdleTimeoutSeconds,
  deleteSession,
  type CustomerPrincipal,
  type StaffPrincipal,
} from '../../auth/sessions';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../auth/access';
import { recordAudit, type AuditActor } from '../audit';
import { preferencesOf, type StaffPreferences } from '../../../shared/staff-preferences';
import { featureAccessOf } from '../../../shared/feature-access';
import { staffPreferenceDefaultsOf } from '../system-settings';
import { queueNewSignInIfUnseen } from '../email-events';
import type { Mailer } from '../email-events';

/** `defaults`: the company's theme and timezone for a member who never chose (`staffPreferenceDefaultsOf`). */
export function toStaffUser(p: Omit<StaffPrincipal, 'sessionId'>, defaults?: StaffPreferences): StaffUser {
  const role: StaffRole = (STAFF_ROLES as readonly string[]).includes(p.role)
    ? (p.role as StaffRole)
    : 'sales';
  return {
    id: p.id,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    role,
    permissions: p.permissions,
    isPasswordSet: p.isPasswordSet,
    createdAt: p.createdAt.toISOString(),
    lastLoginAt: p.lastLoginAt?.toISOString() ?? null,
    preferences: preferencesOf(p.preferences, defaults),
  };
}

/** Who a customer is, as the session and the portal profile answer it (`customerIdentity`). */
export function toCustomerIdentity(c: Omit<CustomerIdentity, 'fullName'>): CustomerIdentity {
  return {
    id: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    fullName: `${c.firstName} ${c.lastName}`.trim(),
    companyName: c.companyName,
    phone: c.phone,
  };
}

export function toSessionCustomer(
  c: Omit<CustomerPrincipal, 'sessionId' | 'impersonator'> & Partial<Pick<CustomerPrincipal, 'impersonator'>>,
): SessionCustomer {
  return {
    ...toCustomerIdentity(c),
    planId: c.planId,
    planName: c.planName,
    status: c.status,
    subscriptionStatus: c.subscriptionStatus,
    trialEndsAt: c.trialEndsAt?.toISOString() ?? null,
    role: c.role,
    isPasswordSet: c.isPasswordSet,
    isOwner: c.isOwner,
    teamMemberId: c.teamMemberId,
    // The staff member's name only: their email stays in the audit trail.
    impersonator: c.impersonator ? { id: c.impersonator.id, name: c.impersonator.name } : null,
    featureAccess: c.featureAccess,
  };
}

export type LoginFailure = {
  ok: false;
  errorType: 'invalid_email' | 'invalid_password' | 'account_suspended';
  message: string;
};

export const LOGIN_MESSAGES = {
  invalid_email: 'No account found with this email address',
  invalid_password: 'Incorrect password',
  account_suspended: ACCOUNT_SUSPENDED_MESSAGE,
} as const;

// A hash of a random password, verified when the email is unknown so both failures cost the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(`decoy-${Math.random()}`));

export async function signInStaff(
  db: Db,
  actor: AuditActor,
  input: { email: string; password: string; ttlMs: number; idleTimeoutSeconds: number; mail: Mailer },
  /** Runs in the sign-in's own transaction (the throttle starts its count again). */
  onSuccess: (tx: Tx) => Promise<void> = async () => undefined,
): Promise<{ ok: true; token: string; expiresAt: Date; user: StaffUser } | LoginFailure> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${input.email}`);
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
      user: toStaffUser(updated!, await staffPreferenceDefaultsOf(tx)),
    };
  });
}

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
  input: { email: string; ttlMs: number; mail: Mailer; via?: 'fleet-crm' },
  onSuccess: (tx: Tx) => Promise<void>,
): Promise<{ ok: true; token: string; expiresAt: Date; customer: SessionCustomer } | LoginFailure> {
  const personId = row.member?.id ?? row.customer.id;
  const via = input.via ? { via: input.via } : {};
  const { customer: c, member } = row;
  return db.transaction(async (tx) => {
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
    await onSuccess(tx);
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
    return {
      ok: true as const,
      token: session.token,
      expiresAt: session.expiresAt,
      customer: toSessionCustomer({
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
      }),
    };
  });
}

/** Ends the session of this token; when it was someone's, the audit trail says who signed out. */
export async function signOut(
  db: Db,
  token: string,
  signedOut: { actor: AuditActor; subjectId: string } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSession(tx, token);
    if (signedOut) {
      await recordAudit(tx, signedOut.actor, {
        action: 'logout',
        resourceType: 'authentication',
        resourceId: signedOut.subjectId,
      });
    }
  });
}

/**
 * The session the fleet CRM's auto-login opens: a child of the session whose token the CRM
 * presented, so signing out of that one ends this one too, and it never outlives it.
 */
export async function createFleetCrmSession(
  db: Db,
  actor: AuditActor,
  input: {
    user: { id: string; teamMemberId: string | null; sessionId: string };
    ttlMs: number;
    ip: string;
    userAgent: string | null;
  },
) {
  const { user } = input;
  return db.transaction(async (tx) => {
    const created = await createSession(tx, {
      kind: 'customer',
      subjectId: user.id,
      teamMemberId: user.teamMemberId,
      ttlMs: input.ttlMs,
      idleTimeoutSeconds: await customerIdleTimeoutSeconds(tx, user.id),
      parentId: user.sessionId,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await recordAudit(tx, actor, {
      action: 'login',
      resourceType: 'authentication',
      resourceId: user.id,
      newValues: { kind: 'customer', via: 'fleet-crm' },
    });
    return created;
  });
}
