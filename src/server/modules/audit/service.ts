import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { auditLogs } from '../../db/schema';
import { auditCategoryOf } from '../../../shared/audit-categories';
import type { CustomerPrincipal } from '../../auth/sessions';
import { refreshHealth } from '../customer-health';
import { cleanName, cleanText, redactAuditValue } from './redaction';

export type AuditActor = {
  actorType: 'staff' | 'customer' | 'system' | 'anonymous';
  actorId: string | null;
  actorEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** The customer account the change belongs to (customer actors: their own). */
  accountId?: string | null;
};

export type AuditEntry = {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  oldValues?: unknown;
  newValues?: unknown;
  success?: boolean;
};

/**
 * Who acts in a customer session: the person signed in (the owner, or the team member), or, in a
 * session staff opened into the account (docs/impersonation.md), that staff member acting for it.
 */
export function customerActor(
  customer: Pick<CustomerPrincipal, 'id' | 'email' | 'teamMemberId' | 'impersonator'>,
): Pick<AuditActor, 'actorType' | 'actorId' | 'actorEmail' | 'accountId'> {
  if (customer.impersonator) {
    const staff = customer.impersonator;
    return { actorType: 'staff', actorId: staff.id, actorEmail: staff.email, accountId: customer.id };
  }
  return {
    actorType: 'customer',
    actorId: customer.teamMemberId ?? customer.id,
    actorEmail: customer.email,
    accountId: customer.id,
  };
}

/** Who is acting, from what the access hook already loaded (no extra queries). */
export function actorOf(request: FastifyRequest, override?: Partial<AuditActor>): AuditActor {
  const staff = (request as Partial<FastifyRequest>).staffUser;
  const customer = (request as Partial<FastifyRequest>).customerUser;
  const base: AuditActor = staff
    ? { actorType: 'staff', actorId: staff.id, actorEmail: staff.email, ipAddress: null, userAgent: null }
    : customer
      ? { ...customerActor(customer), ipAddress: null, userAgent: null }
      : { actorType: 'anonymous', actorId: null, actorEmail: null, ipAddress: null, userAgent: null };
  return {
    ...base,
    ipAddress: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    ...override,
  };
}

/**
 * `refreshHealth: false` is for a caller that refreshes the account's health itself once its
 * transaction commits (the billing job, once per batch of renewals, set-based): the row is audited
 * all the same, and the score follows a moment later instead of in the same transaction.
 */
export type AuditOptions = { refreshHealth?: boolean };

/** Write one audit row; call it with the transaction that makes the change. */
export async function recordAudit(
  exec: Executor,
  actor: AuditActor,
  entry: AuditEntry,
  options?: AuditOptions,
): Promise<void> {
  await recordAudits(exec, actor, [entry], options);
}

/**
 * Several audit rows by one actor in one statement (an import of many vehicles, say). Rows that
 * name an account also recompute its health in the same transaction: every change to an account is
 * audited with it, so this one place keeps the score current (docs/customer-health.md).
 *
 * Secrets never reach the trail, whatever a caller passes in: values are redacted by key and by shape
 * and every string is neutralised (`redaction.ts`). Rows go in unsealed; the sealer chains them
 * (`chain.ts`), so no transaction waits on another's audit row.
 */
export async function recordAudits(
  exec: Executor,
  actor: AuditActor,
  entries: AuditEntry[],
  { refreshHealth: refresh = true }: AuditOptions = {},
): Promise<void> {
  if (entries.length === 0) return;
  await exec.insert(auditLogs).values(
    entries.map((entry) => ({
      actorType: actor.actorType,
      actorId: cleanName(actor.actorId, 200),
      actorEmail: cleanName(actor.actorEmail, 254),
      accountId: actor.accountId ?? null,
      ipAddress: cleanName(actor.ipAddress, 100),
      userAgent: cleanText(actor.userAgent, 500),
      action: cleanName(entry.action, 100)!,
      category: auditCategoryOf(entry.action),
      resourceType: cleanName(entry.resourceType, 100)!,
      resourceId: cleanName(entry.resourceId, 200),
      oldValues: entry.oldValues === undefined ? null : redactAuditValue(entry.oldValues),
      newValues: entry.newValues === undefined ? null : redactAuditValue(entry.newValues),
      success: entry.success ?? true,
    })),
  );
  if (refresh && actor.accountId) await refreshHealth(exec, actor.accountId);
}
