import { eq, inArray, sql } from 'drizzle-orm';
import type { ExternalUserRow } from '../../../shared/contracts/external-db';
import { defaultPermissionsFor } from '../../../shared/roles';
import type { Executor, Tx } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { recordAudit } from '../audit/service';
import { emailLinks, personData, personTo } from '../email-events/mailer';
import { generateStaffPassword } from '../team/generated-password';
import type { BatchWriter, ImportContext } from './batches';
import { newPassword, newPasswordsFor, type NewPassword, type NewPasswords } from './new-passwords';

type StaffRow = typeof staffUsers.$inferSelect;

/** The fields the source owns on an existing team member: never the role, the flags or the password. */
const OWNED = ['firstName', 'lastName', 'phone', 'address'] as const;
type Owned = (typeof OWNED)[number];

const existingByEmail = async (exec: Executor, emails: string[], lock: boolean) => {
  const query = exec
    .select()
    .from(staffUsers)
    .where(inArray(sql`lower(${staffUsers.email})`, emails));
  const rows = lock ? await query.for('no key update') : await query;
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
};

/**
 * Team users by email: a new one is created with its role (sales or manager, never admin or root) and
 * that role's default flags, and its generated password goes to it by email as Create user does; an
 * existing one gets only its name, phone and address when they changed.
 */
export function userWriter(ctx: ImportContext): BatchWriter<ExternalUserRow, NewPasswords> {
  return {
    async prepare(batch) {
      const emails = batch.map((r) => r.data.email);
      return newPasswordsFor(emails, await existingByEmail(ctx.db, emails, false), generateStaffPassword);
    },

    async write(tx, batch, hashed) {
      const existing = await existingByEmail(
        tx,
        batch.map((r) => r.data.email),
        true,
      );
      for (const { data } of batch) {
        const before = existing.get(data.email);
        if (before) await updateMember(tx, ctx, before, data);
        else
          await createMember(
            tx,
            ctx,
            data,
            hashed.get(data.email) ?? (await newPassword(generateStaffPassword)),
          );
      }
      return [];
    },
  };
}

async function updateMember(tx: Tx, ctx: ImportContext, before: StaffRow, row: ExternalUserRow) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const field of OWNED) {
    const value = row[field];
    if (value === undefined || before[field] === value) continue;
    oldValues[field] = before[field];
    newValues[field] = value;
  }
  if (Object.keys(newValues).length === 0) return;
  await tx
    .update(staffUsers)
    .set({ ...(newValues as Partial<Pick<StaffRow, Owned>>), updatedAt: ctx.clock.now() })
    .where(eq(staffUsers.id, before.id));
  await recordAudit(tx, ctx.actor, {
    action: 'update',
    resourceType: 'user',
    resourceId: before.id,
    oldValues,
    newValues: { ...newValues, source: 'external database import' },
  });
}

async function createMember(tx: Tx, ctx: ImportContext, row: ExternalUserRow, credentials: NewPassword) {
  const permissions = defaultPermissionsFor(row.role);
  const [inserted] = await tx
    .insert(staffUsers)
    .values({
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone ?? null,
      address: row.address ?? null,
      role: row.role,
      permissions,
      passwordHash: credentials.passwordHash,
      isPasswordSet: false,
    })
    .returning({ id: staffUsers.id });
  await recordAudit(tx, ctx.actor, {
    action: 'create',
    resourceType: 'user',
    resourceId: inserted!.id,
    newValues: {
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      permissions,
      passwordGenerated: true,
      passwordSentTo: row.email,
      source: 'external database import',
    },
  });
  const person = { email: row.email, firstName: row.firstName, lastName: row.lastName };
  await ctx.mail.queue.queue(tx, {
    template: 'team_invitation',
    to: personTo(person),
    staffUserId: inserted!.id,
    data: {
      ...personData(person),
      temporaryPassword: credentials.password,
      signInUrl: emailLinks(ctx.mail).staffSignIn,
    },
  });
}
