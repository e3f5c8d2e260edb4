import type { CustomerIdentity, SessionCustomer, StaffUser } from '../../../shared/contracts/auth';
import { STAFF_ROLES, type StaffRole } from '../../../shared/roles';
import type { Db } from '../../db/client';
import {
  createSession,
  customerIdleTimeoutSeconds,
  deleteSession,
  type CustomerPrincipal,
  type StaffPrincipal,
} from '../../auth/sessions';
import { recordAudit, type AuditActor } from '../audit';
import { preferencesOf, type StaffPreferences } from '../../../shared/staff-preferences';

// Sessions' people as the API answers them, sign-out, and the fleet CRM's child session. Signing in is
// staff-sign-in.ts and customer-sign-in.ts.

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
