import { eq, inArray, sql } from 'drizzle-orm';
import type { ExternalUserRow } from '../../../shared/contracts/external-db';
import { defaultPermissionsFor } from '../../../shared/roles';
import type { Executor, Tx } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { recordAudit } from '../audit';
import { generateStaffPassword } from '../team';
import { insertTeamMember } from '../team';
import { isAdminRole, rankOf } from '../team';
import type { BatchWriter } from './batches';
import type { StaffContext } from '../../http/staff-context';
import { newPassword, newPasswordsFor, type NewPasswords } from './new-passwords';
import type { RowError } from './source';

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
 * Admins and root are Team Management's alone, as is anyone above the importing member (the rule of
 * assertMayManage): the source may not rename them, nor move their phone or address.
 */
const outranksImport = (member: StaffRow, actingRole: string) =>
  isAdminRole(member.role) || rankOf(member.role) > rankOf(actingRole);

function outrankedMessage(member: StaffRow): string {
  const who =
    member.role === 'admin'
      ? 'an admin'
      : member.role === 'root'
        ? 'root'
        : `a ${member.role}, above your role`;
  return `${member.email} is ${who}: change them in Team Management`;
}

/**
 * Team users by email: a new one is created with its role (sales or manager, never admin or root) and
 * that role's default flags, and its generated password goes to it by email, by Create user's own
 * code; an existing one gets only its name, phone and address when they changed, unless it is an admin,
 * root or above the importing member (a row error: they are changed in Team Management).
 */
export function userWriter(ctx: StaffContext): BatchWriter<ExternalUserRow, NewPasswords> {
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
      const refused: RowError[] = [];
      for (const { line, ref, data } of batch) {
        const before = existing.get(data.email);
        if (!before) {
          await insertTeamMember(
            tx,
            ctx,
            {
              email: data.email,
              firstName: data.firstName,
              lastName: data.lastName,
              phone: data.phone ?? null,
              address: data.address ?? null,
              role: data.role,
              permissions: defaultPermissionsFor(data.role),
            },
            hashed.get(data.email) ?? (await newPassword(generateStaffPassword)),
            { source: 'external database import' },
          );
        } else if (outranksImport(before, ctx.staff.role)) {
          refused.push({ line, ref, message: outrankedMessage(before) });
        } else {
          await updateMember(tx, ctx, before, data);
        }
      }
      return refused;
    },
  };
}

async function updateMember(tx: Tx, ctx: StaffContext, before: StaffRow, row: ExternalUserRow) {
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
