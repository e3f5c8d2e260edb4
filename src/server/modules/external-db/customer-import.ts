import { inArray, sql } from 'drizzle-orm';
import type { ExternalCustomerRow } from '../../../shared/contracts/external-db';
import { PROFILE_FIELDS, type ProfileField } from '../../../shared/contracts/staff-customers';
import { featureAccessOf } from '../../../shared/feature-access';
import { generateCustomerPassword } from '../../../shared/customer-password';
import type { Executor, Tx } from '../../db/client';
import { customers } from '../../db/schema';
import { recordAudit } from '../audit';
import { emailSignsIn } from '../customers';
import { EMAIL_TAKEN } from '../fleet';
import { findActivePlan } from '../plans';
import { createCustomerAccount } from '../staff-customers';
import type { BatchWriter } from './batches';
import type { StaffContext } from '../../http/staff-context';
import { newPassword, newPasswordsFor, type NewPasswords } from './new-passwords';
import type { RowError, SourceRow } from './source';

/** The plan a new customer gets when its row names none, or one that is not an active plan. */
export const DEFAULT_IMPORT_PLAN = 'starter';

type CustomerRecord = typeof customers.$inferSelect;
type Row = SourceRow<ExternalCustomerRow>;

/** The fields the source owns on an existing customer; never its password, plan, status or limits. */
type Owned = Exclude<ProfileField, 'email'>;
const OWNED = PROFILE_FIELDS.filter((field): field is Owned => field !== 'email');

/** The row's value of each owned field it sends ('' for an optional text reads as none, as the form does). */
function ownedValues(row: ExternalCustomerRow): Partial<Pick<CustomerRecord, Owned>> {
  const values: Partial<Record<Owned, string | null>> = {};
  for (const field of OWNED) {
    const value = row[field];
    if (value !== undefined) values[field] = value === '' ? null : value;
  }
  return values as Partial<Pick<CustomerRecord, Owned>>;
}

const existingByEmail = async (exec: Executor, emails: string[], lock: boolean) => {
  const query = exec
    .select()
    .from(customers)
    .where(inArray(sql`lower(${customers.email})`, emails));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
};

/**
 * Customers by email: a new one gets its plan (the row's, or the starter plan), the plan's limits, a
 * 14-day trial and a generated temporary password by email, as Add Customer gives; an existing one
 * gets only the owned fields that changed, and an unchanged one is not written at all.
 */
export function customerWriter(ctx: StaffContext): BatchWriter<ExternalCustomerRow, NewPasswords> {
  return {
    async prepare(batch) {
      const emails = batch.map((r) => r.data.email);
      return newPasswordsFor(emails, await existingByEmail(ctx.db, emails, false), generateCustomerPassword);
    },

    async write(tx, batch, hashed) {
      const refused: RowError[] = [];
      const existing = await existingByEmail(
        tx,
        batch.map((r) => r.data.email),
        true,
      );
      for (const row of batch) {
        const before = existing.get(row.data.email);
        if (before) await updateCustomer(tx, ctx, before, row.data);
        else {
          const problem = await createCustomer(tx, ctx, row, hashed);
          if (problem) refused.push({ line: row.line, ref: row.ref, message: problem });
        }
      }
      return refused;
    },
  };
}

async function updateCustomer(tx: Tx, ctx: StaffContext, before: CustomerRecord, row: ExternalCustomerRow) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(ownedValues(row)) as [Owned, string | null][]) {
    if (before[field] === value) continue;
    oldValues[field] = before[field];
    newValues[field] = value;
  }
  if (Object.keys(newValues).length === 0) return;
  await tx
    .update(customers)
    .set({ ...newValues, updatedAt: ctx.clock.now() })
    .where(sql`${customers.id} = ${before.id}`);
  await recordAudit(
    tx,
    { ...ctx.actor, accountId: before.id },
    {
      action: 'update',
      resourceType: 'customer',
      resourceId: before.id,
      oldValues,
      newValues: { ...newValues, source: 'external database import' },
    },
  );
}

/** Answers why the row could not become a customer, or null once it has. */
async function createCustomer(
  tx: Tx,
  ctx: StaffContext,
  row: Row,
  hashed: NewPasswords,
): Promise<string | null> {
  const input = row.data;
  // Across accounts on purpose: one email signs in to one account (a team member's, here).
  if (await emailSignsIn(tx, input.email)) return EMAIL_TAKEN;
  const plan =
    (input.planId ? await findActivePlan(tx, input.planId) : undefined) ??
    (await findActivePlan(tx, DEFAULT_IMPORT_PLAN));
  if (!plan) return `No active plan to give: neither "${input.planId ?? ''}" nor "${DEFAULT_IMPORT_PLAN}"`;
  // Prepared before the transaction; a row that became new since then is hashed here.
  const credentials = hashed.get(input.email) ?? (await newPassword(generateCustomerPassword));
  await createCustomerAccount(
    tx,
    { actor: ctx.actor, mail: ctx.mail, now: ctx.clock.now() },
    {
      profile: {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        ...ownedValues(input),
        country: input.country ?? 'US',
      },
      plan,
      status: input.status ?? 'active',
      featureAccess: featureAccessOf(undefined),
      salesUserId: null,
      credentials,
      origin: {
        addedHow: 'was imported from the external database',
        audit: { source: 'external database import' },
      },
    },
  );
  return null;
}
