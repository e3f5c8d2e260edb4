import { and, eq } from 'drizzle-orm';
import { PROFILE_FIELDS, type CustomerForm } from '../../../shared/contracts/staff-customers';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { customers, staffUsers } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { badRequest, conflict } from '../../http/errors';
import { EMAIL_TAKEN } from '../fleet';
import type { StaffContext } from '../../http/staff-context';
import { isCustomerId } from './customer-rows';

// What Add and Edit Customer write and audit: the form as columns, the temporary password, the credited
// sales user, the answer to a taken email, and the changes the audit row lists.

type CustomerRecord = typeof customers.$inferSelect;

/** The form's profile fields as columns; empty optional text is stored as null. */
export function profileOf(input: CustomerForm) {
  const text = (value: string | undefined) => value || null;
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: text(input.phone),
    companyName: input.companyName,
    address: text(input.address),
    city: text(input.city),
    state: text(input.state),
    zipCode: text(input.zipCode),
    country: input.country,
  };
}

/**
 * A password staff typed or had generated: kept hashed only. The customer receives it by email
 * (account_invitation); nothing keeps it readable, so no screen can show it again.
 */
export async function staffPassword(password: string) {
  // Not the customer's own choice either way: they are asked to set theirs at sign-in.
  return {
    password,
    passwordHash: await hashPassword(password),
    isPasswordSet: false,
  };
}

export const SALES_USER_CHOICE_MESSAGE = 'Choose a sales user from the list';

/**
 * The sales user credited with the account (docs/commissions.md): the one chosen, none (null), or,
 * left out, the current one on an edit and on an add the sales user adding it (none for other roles).
 */
export async function salesUserFor(
  tx: Executor,
  ctx: StaffContext,
  requested: string | null | undefined,
  current: string | null | undefined,
): Promise<string | null> {
  if (requested === undefined) {
    if (current !== undefined) return current;
    return ctx.staff.role === 'sales' ? ctx.actor.actorId : null;
  }
  if (requested === null) return null;
  const [member] = isCustomerId(requested)
    ? await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, requested), eq(staffUsers.role, 'sales')))
        .for('key share')
    : [];
  if (!member) throw badRequest(SALES_USER_CHOICE_MESSAGE, { salesUserId: SALES_USER_CHOICE_MESSAGE });
  return member.id;
}

/** The losing side of two writes of one email at once gets the same answer as the usual case. */
export async function emailUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

/** The fields an edit can change, compared before and after for the audit trail. */
const AUDITED = [
  ...PROFILE_FIELDS,
  'planId',
  'carLimit',
  'userLimit',
  'status',
  'suspendedAt',
  'featureAccess',
  'salesUserId',
] as const;

export function changesOf(before: CustomerRecord, after: CustomerRecord) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of AUDITED) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    oldValues[key] = before[key];
    newValues[key] = after[key];
  }
  return { oldValues, newValues };
}
