import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { customers, plans, sessions, staffUsers, subscriptions, teamMembers } from '../db/schema';
import { prepared } from '../db/prepared';
import { newToken, tokenDigest } from './tokens';

export const STAFF_COOKIE = 'mp_staff';
export const CUSTOMER_COOKIE = 'mp_customer';

/** Touch last_seen_at at most this often, so an authenticated read stays one query. */
const TOUCH_INTERVAL_MS = 15 * 60_000;

export type SessionKind = 'staff' | 'customer';

export async function createSession(
  tx: Executor,
  input: {
    kind: SessionKind;
    /** The staff user, or the customer account. */
    subjectId: string;
    /** A team member signing in to their account (customer sessions only). */
    teamMemberId?: string | null;
    ttlMs: number;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await tx.insert(sessions).values({
    id: tokenDigest(token),
    kind: input.kind,
    staffUserId: input.kind === 'staff' ? input.subjectId : null,
    customerId: input.kind === 'customer' ? input.subjectId : null,
    teamMemberId: input.kind === 'customer' ? (input.teamMemberId ?? null) : null,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt };
}

export async function deleteSession(tx: Executor, token: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, tokenDigest(token)));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
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
  createdAt: Date;
  lastLoginAt: Date | null;
};

export async function loadStaffSession(db: Db, token: string): Promise<StaffPrincipal | null> {
  const query = prepared(db, 'staff_session', (d) =>
    d
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        id: staffUsers.id,
        email: staffUsers.email,
        firstName: staffUsers.firstName,
        lastName: staffUsers.lastName,
        phone: staffUsers.phone,
        role: staffUsers.role,
        permissions: staffUsers.permissions,
        isPasswordSet: staffUsers.isPasswordSet,
        createdAt: staffUsers.createdAt,
        lastLoginAt: staffUsers.lastLoginAt,
      })
      .from(sessions)
      .innerJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          eq(sessions.kind, 'staff'),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
      .prepare('staff_session'),
  );
  const [row] = await query.execute({ id: tokenDigest(token) });
  if (!row) return null;
  touchLater(db, row.sessionId, row.lastSeenAt);
  const { lastSeenAt: _seen, ...principal } = row;
  return principal;
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
};

export async function loadCustomerSession(db: Db, token: string): Promise<CustomerPrincipal | null> {
  const query = prepared(db, 'customer_session', (d) =>
    d
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        // The account is the customer's; the person is the owner or the team member signed in.
        id: customers.id,
        email: sql<string>`coalesce(${teamMembers.email}, ${customers.email})`,
        firstName: sql<string>`coalesce(${teamMembers.firstName}, ${customers.firstName})`,
        lastName: sql<string>`coalesce(${teamMembers.lastName}, ${customers.lastName})`,
        companyName: customers.companyName,
        phone: customers.phone,
        planId: customers.planId,
        planName: plans.name,
        status: customers.status,
        subscriptionStatus: sql<string>`coalesce(${subscriptions.status}, 'none')`,
        trialEndsAt: subscriptions.trialEndsAt,
        role: sql<string>`coalesce(${teamMembers.role}, ${customers.role})`,
        isPasswordSet: sql<boolean>`coalesce(${teamMembers.isPasswordSet}, ${customers.isPasswordSet})`,
        isOwner: sql<boolean>`${teamMembers.id} is null`,
        teamMemberId: teamMembers.id,
      })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .leftJoin(teamMembers, eq(teamMembers.id, sessions.teamMemberId))
      .leftJoin(plans, eq(plans.id, customers.planId))
      .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          eq(sessions.kind, 'customer'),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
      .prepare('customer_session'),
  );
  const [row] = await query.execute({ id: tokenDigest(token) });
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
