import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  IMPERSONATION_IDLE_TIMEOUT_SECONDS,
  IMPERSONATION_SESSION_TTL_MS,
  IMPERSONATION_TOKEN_TTL_MS,
  SUSPENDED_IMPERSONATION_MESSAGE,
} from '../../../shared/contracts/impersonation';
import type { Executor } from '../../db/client';
import { customers, impersonationTokens } from '../../db/schema';
import { createSession } from '../../auth/sessions';
import { tokenDigest } from '../../auth/tokens';
import { HttpError, notFound } from '../../http/errors';
import { recordAudit, type AuditActor, type AuditEntry } from '../audit';
import { hasValidSignature, newSignedToken } from './signed-token';
import type { Services } from '../../services';

/** What the impersonation rules need: the database, the time, and the box its links' key comes from. */
export type ImpersonationDeps = Pick<Services, 'db' | 'clock' | 'secrets'>;

const signingKey = (secrets: ImpersonationDeps['secrets']) => secrets.signingKey('impersonation');

/** Every step of an impersonation is audited on the customer account the pass opens. */
function auditOnCustomer(
  exec: Executor,
  actor: AuditActor,
  customerId: string,
  entry: Omit<AuditEntry, 'resourceType' | 'resourceId'>,
) {
  return recordAudit(
    exec,
    { ...actor, accountId: customerId },
    { ...entry, resourceType: 'customer', resourceId: customerId },
  );
}

const isSuspended = (c: { status: string; suspendedAt: Date | null }) =>
  c.status === 'suspended' || c.suspendedAt !== null;

/**
 * A one-time pass for this staff member into this customer's fleet app, valid 5 minutes. Only its
 * digest is stored; the token itself is answered once, inside the URL.
 */
export async function createImpersonationToken(
  { db, clock, secrets }: ImpersonationDeps,
  actor: AuditActor & { actorId: string },
  customerId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSignedToken(await signingKey(secrets));
  const expiresAt = new Date(clock.now().getTime() + IMPERSONATION_TOKEN_TTL_MS);
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({
        id: customers.id,
        email: customers.email,
        status: customers.status,
        suspendedAt: customers.suspendedAt,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw notFound('Customer not found');
    if (isSuspended(customer)) throw new HttpError(409, SUSPENDED_IMPERSONATION_MESSAGE);
    const [row] = await tx
      .insert(impersonationTokens)
      .values({ tokenDigest: tokenDigest(token), staffUserId: actor.actorId, customerId, expiresAt })
      .returning({ id: impersonationTokens.id });
    await auditOnCustomer(tx, actor, customerId, {
      action: 'impersonation_start',
      newValues: { customerEmail: customer.email, passId: row!.id, expiresAt: expiresAt.toISOString() },
    });
  });
  return { token, expiresAt };
}

/** Why a token opened nothing; each has its own page (routes.ts). */
export type ImpersonationRefusal = 'invalid' | 'used' | 'expired' | 'other_staff' | 'suspended';

export type ImpersonationUse =
  | { ok: true; customerId: string; token: string; expiresAt: Date }
  | { ok: false; reason: ImpersonationRefusal };

/**
 * Spends the token and opens a customer session marked with the staff member who opened it. One
 * UPDATE claims the token (unused, unexpired, this staff member's, the account not suspended), so
 * of two uses, however close, exactly one gets a row back and a session.
 */
export async function useImpersonationToken(
  { db, clock, secrets }: ImpersonationDeps,
  actor: AuditActor & { actorId: string },
  token: string,
): Promise<ImpersonationUse> {
  // A token we did not sign is turned away without a lookup (and without an audit row: anyone can
  // send junk, and it names nothing).
  if (!hasValidSignature(await signingKey(secrets), token)) return { ok: false, reason: 'invalid' };
  const digest = tokenDigest(token);
  const now = clock.now();
  const used = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(impersonationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(impersonationTokens.tokenDigest, digest),
          isNull(impersonationTokens.usedAt),
          gt(impersonationTokens.expiresAt, now),
          eq(impersonationTokens.staffUserId, actor.actorId),
          sql`exists (select 1 from ${customers} where ${customers.id} = ${impersonationTokens.customerId}
            and ${customers.status} <> 'suspended' and ${customers.suspendedAt} is null)`,
        ),
      )
      .returning({ id: impersonationTokens.id, customerId: impersonationTokens.customerId });
    if (!claimed) return null;
    const session = await createSession(tx, {
      kind: 'customer',
      subjectId: claimed.customerId,
      ttlMs: IMPERSONATION_SESSION_TTL_MS,
      idleTimeoutSeconds: IMPERSONATION_IDLE_TIMEOUT_SECONDS,
      impersonatorStaffId: actor.actorId,
      ip: actor.ipAddress,
      userAgent: actor.userAgent,
    });
    await auditOnCustomer(tx, actor, claimed.customerId, {
      action: 'impersonation_use',
      newValues: { passId: claimed.id, sessionExpiresAt: session.expiresAt.toISOString() },
    });
    return { customerId: claimed.customerId, ...session };
  });
  if (used) return { ok: true, ...used };
  return { ok: false, reason: await refusalOf({ db, clock }, actor, digest, now) };
}

/** Why the claim found nothing, read after it; a real pass that was refused is audited. */
async function refusalOf(
  { db }: Pick<ImpersonationDeps, 'db' | 'clock'>,
  actor: AuditActor & { actorId: string },
  digest: string,
  now: Date,
): Promise<ImpersonationRefusal> {
  const [row] = await db
    .select({
      id: impersonationTokens.id,
      customerId: impersonationTokens.customerId,
      staffUserId: impersonationTokens.staffUserId,
      usedAt: impersonationTokens.usedAt,
      expiresAt: impersonationTokens.expiresAt,
      status: customers.status,
      suspendedAt: customers.suspendedAt,
    })
    .from(impersonationTokens)
    .innerJoin(customers, eq(customers.id, impersonationTokens.customerId))
    .where(eq(impersonationTokens.tokenDigest, digest));
  // Signed by us but unknown: its customer was deleted (the pass went with it).
  if (!row) return 'invalid';
  const reason: ImpersonationRefusal =
    row.staffUserId !== actor.actorId
      ? 'other_staff'
      : row.usedAt
        ? 'used'
        : row.expiresAt <= now
          ? 'expired'
          : isSuspended(row)
            ? 'suspended'
            : 'used';
  await auditOnCustomer(db, actor, row.customerId, {
    action: 'impersonation_use',
    newValues: { passId: row.id, refused: reason },
    success: false,
  });
  return reason;
}
