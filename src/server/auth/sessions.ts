import { and, eq, gt, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import { DEFAULT_CUSTOMER_SETTINGS, type CustomerSettings } from '../../shared/contracts/portal';
import { featureAccessOf, type FeatureAccess } from '../../shared/feature-access';
import type { Db, Executor } from '../db/client';
import {
  customerSettings,
  customers,
  plans,
  sessions,
  staffIdentity,
  staffUsers,
  subscriptions,
  teamMembers,
} from '../db/schema';
import { prepared } from '../db/prepared';
import { newToken, tokenDigest } from './tokens';

export const STAFF_COOKIE = 'mp_staff';
export const CUSTOMER_COOKIE = 'mp_customer';

/**
 * Touch last_seen_at at most this often: often enough that an idle timeout is right to the minute,
 * rarely enough that an authenticated read stays one query almost always.
 */
const TOUCH_INTERVAL_MS = 60_000;

/** The portal's `sessionTimeout` setting, in seconds of inactivity. */
export const CUSTOMER_IDLE_TIMEOUTS: Record<CustomerSettings['sessionTimeout'], number> = {
  '30minutes': 30 * 60,
  '1hour': 60 * 60,
  '2hours': 2 * 60 * 60,
  '4hours': 4 * 60 * 60,
};

/** The idle timeout of an account's sessions: its portal setting, or the default setting. */
export async function customerIdleTimeoutSeconds(exec: Executor, customerId: string): Promise<number> {
  const [row] = await exec
    .select({ timeout: sql<string | null>`${customerSettings.settings}->>'sessionTimeout'` })
    .from(customerSettings)
    .where(eq(customerSettings.customerId, customerId));
  const setting = (row?.timeout ??
    DEFAULT_CUSTOMER_SETTINGS.sessionTimeout) as CustomerSettings['sessionTimeout'];
  return CUSTOMER_IDLE_TIMEOUTS[setting] ?? CUSTOMER_IDLE_TIMEOUTS[DEFAULT_CUSTOMER_SETTINGS.sessionTimeout];
}

/** A session is alive until it expires, and until it has been unused longer than its idle timeout. */
export const sessionAlive = () =>
  and(
    gt(sessions.expiresAt, sql`now()`),
    or(
      isNull(sessions.idleTimeoutSeconds),
      gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${sessions.idleTimeoutSeconds})`),
    ),
  );

export type SessionKind = 'staff' | 'customer';

/** The live session of this kind whose id is `id` (a token's digest, or the placeholder for one). */
export const liveSession = (kind: SessionKind, id: string | Placeholder) =>
  and(eq(sessions.id, id), eq(sessions.kind, kind), sessionAlive());

export async function createSession(
  tx: Executor,
  input: {
    kind: SessionKind;
    /** The staff user, or the customer account. */
    subjectId: string;
    /** A team member signing in to their account (customer sessions only). */
    teamMemberId?: string | null;
    ttlMs: number;
    /** Seconds without a request after which the session ends (null: none). */
    idleTimeoutSeconds: number | null;
    /**
     * The session this one is made from: deleting it deletes this one (the foreign key cascades),
     * and this one's expiry and idle timeout are capped by its own, read in the same statement.
     * A session made from one staff opened is staff's too (its impersonator is copied).
     */
    parentId?: string | null;
    /** The staff member who opens this customer session (docs/impersonation.md). */
    impersonatorStaffId?: string | null;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  const parent = (
    column:
      typeof sessions.expiresAt | typeof sessions.idleTimeoutSeconds | typeof sessions.impersonatorStaffId,
  ) => sql`(select ${column} from ${sessions} where ${sessions.id} = ${input.parentId})`;
  const [row] = await tx
    .insert(sessions)
    .values({
      id: tokenDigest(token),
      kind: input.kind,
      staffUserId: input.kind === 'staff' ? input.subjectId : null,
      customerId: input.kind === 'customer' ? input.subjectId : null,
      teamMemberId: input.kind === 'customer' ? (input.teamMemberId ?? null) : null,
      // least() skips nulls: a parent without an idle timeout leaves ours, and a missing parent
      // leaves both (the foreign key then refuses the row).
      expiresAt: input.parentId
        ? sql`least(${expiresAt.toISOString()}::timestamptz, ${parent(sessions.expiresAt)})`
        : expiresAt,
      idleTimeoutSeconds: input.parentId
        ? sql`least(${input.idleTimeoutSeconds}::integer, ${parent(sessions.idleTimeoutSeconds)})`
        : input.idleTimeoutSeconds,
      parentId: input.parentId ?? null,
      // Staff cannot shed the impersonation by signing a child session in with its token.
      impersonatorStaffId: input.parentId
        ? sql`coalesce(${input.impersonatorStaffId ?? null}::uuid, ${parent(sessions.impersonatorStaffId)})`
        : (input.impersonatorStaffId ?? null),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ expiresAt: sessions.expiresAt });
  return { token, expiresAt: row!.expiresAt };
}

export async function deleteSession(tx: Executor, token: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, tokenDigest(token)));
}

/** Every live session of an account takes a new idle timeout (the portal setting changed). */
export async function setAccountIdleTimeout(
  tx: Executor,
  customerId: string,
  seconds: number,
): Promise<void> {
  await tx.update(sessions).set({ idleTimeoutSeconds: seconds }).where(eq(sessions.customerId, customerId));
}

export type StaffPrincipal = {
  sessionId: string;
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: string;
  permissions: Record<string, boolean>;
  isPasswordSet: boolean;
  preferences: Record<string, unknown>;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export async function loadStaffSession(db: Db, token: string): Promise<StaffPrincipal | null> {
  const query = prepared(db, 'staff_session', (d) =>
    d
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        ...staffIdentity,
        permissions: staffUsers.permissions,
        isPasswordSet: staffUsers.isPasswordSet,
        preferences: staffUsers.preferences,
        createdAt: staffUsers.createdAt,
        lastLoginAt: staffUsers.lastLoginAt,
      })
      .from(sessions)
      .innerJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
      .where(liveSession('staff', sql.placeholder('id')))
      .limit(1)
      .prepare('staff_session'),
  );
  return principalOf(db, await query.execute({ id: tokenDigest(token) }));
}

export type CustomerPrincipal = {
  sessionId: string;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string | null;
  planId: string | null;
  planName: string | null;
  status: string;
  subscriptionStatus: string;
  trialEndsAt: Date | null;
  /** fleet_admin or fleet_user; the owner's own role is fleet_admin. */
  role: string;
  isPasswordSet: boolean;
  isOwner: boolean;
  teamMemberId: string | null;
  /** The staff member acting in this session (docs/impersonation.md), or null for the customer's own. */
  impersonator: { id: string; name: string; email: string } | null;
  /** The account's feature access switches, defaults filled in (docs/feature-access.md). */
  featureAccess: FeatureAccess;
};

/** The person a customer session signs in: the team member, or else the account's owner. */
export const sessionPerson = {
  email: sql<string>`coalesce(${teamMembers.email}, ${customers.email})`,
  firstName: sql<string>`coalesce(${teamMembers.firstName}, ${customers.firstName})`,
  lastName: sql<string>`coalesce(${teamMembers.lastName}, ${customers.lastName})`,
};

export async function loadCustomerSession(db: Db, token: string): Promise<CustomerPrincipal | null> {
  const query = prepared(db, 'customer_session', (d) =>
    d
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        // The account is the customer's; the person is the owner or the team member signed in.
        id: customers.id,
        ...sessionPerson,
        companyName: customers.companyName,
        phone: customers.phone,
        planId: customers.planId,
        planName: plans.name,
        status: customers.status,
        featureAccess: customers.featureAccess,
        subscriptionStatus: sql<string>`coalesce(${subscriptions.status}, 'none')`,
        trialEndsAt: subscriptions.trialEndsAt,
        role: sql<string>`coalesce(${teamMembers.role}, ${customers.role})`,
        isPasswordSet: sql<boolean>`coalesce(${teamMembers.isPasswordSet}, ${customers.isPasswordSet})`,
        isOwner: sql<boolean>`${teamMembers.id} is null`,
        teamMemberId: teamMembers.id,
        impersonatorId: staffUsers.id,
        impersonatorName: sql<
          string | null
        >`coalesce(nullif(trim(concat_ws(' ', ${staffUsers.firstName}, ${staffUsers.lastName})), ''), ${staffUsers.email})`,
        impersonatorEmail: staffUsers.email,
      })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .leftJoin(teamMembers, eq(teamMembers.id, sessions.teamMemberId))
      .leftJoin(staffUsers, eq(staffUsers.id, sessions.impersonatorStaffId))
      .leftJoin(plans, eq(plans.id, customers.planId))
      .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id))
      .where(liveSession('customer', sql.placeholder('id')))
      .limit(1)
      .prepare('customer_session'),
  );
  const found = principalOf(db, await query.execute({ id: tokenDigest(token) }));
  if (!found) return null;
  const { impersonatorId, impersonatorName, impersonatorEmail, featureAccess, ...principal } = found;
  return {
    ...principal,
    featureAccess: featureAccessOf(featureAccess),
    impersonator:
      impersonatorId && impersonatorEmail
        ? { id: impersonatorId, name: impersonatorName ?? impersonatorEmail, email: impersonatorEmail }
        : null,
  };
}

/** Who a found session signs in (without when it was last seen), marking it seen now and then. */
function principalOf<R extends { sessionId: string; lastSeenAt: Date }>(
  db: Db,
  [row]: R[],
): Omit<R, 'lastSeenAt'> | null {
  if (!row) return null;
  touchLater(db, row.sessionId, row.lastSeenAt);
  const { lastSeenAt: _seen, ...principal } = row;
  return principal;
}

function touchLater(db: Db, sessionId: string, lastSeenAt: Date): void {
  if (Date.now() - lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  // Fire and forget: "last seen" is informational and must not slow down or fail the request.
  void db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId))
    .catch(() => undefined);
}
