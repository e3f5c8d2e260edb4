import { and, count, inArray, ne, sql } from 'drizzle-orm';
import { hasPermission, PERMISSION_FLAGS, type Permissions, type StaffRole } from '../../../shared/roles';
import type { Executor } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * Who may do what to whom in Team Management (docs/team-management.md). The route's flag
 * (canManageUsers) lets a member in; these rules bound what they may then do.
 */

/** Roles in order of what they open: nobody hands out more than they hold. */
const ROLE_RANK: Record<StaffRole, number> = { sales: 1, manager: 2, admin: 3, root: 4 };
export const rankOf = (role: string): number => ROLE_RANK[role as StaffRole] ?? 0;

/** Admin and root open every tab and pass every flag (docs/product-rules.md). */
export const ADMIN_ROLES = ['admin', 'root'] as const;
export const isAdminRole = (role: string) => (ADMIN_ROLES as readonly string[]).includes(role);

export type Acting = { id: string; role: string; permissions: Permissions };

export const RULE_MESSAGES = {
  outranked: 'You cannot change a member whose role is above yours.',
  roleAbove: 'You cannot give a role above your own.',
  flagNotHeld: 'You cannot grant a permission you do not hold.',
  deleteSelf: 'You cannot delete your own account.',
  demoteSelf: 'You cannot lower your own role or permissions.',
  lastAdmin: 'The last admin cannot be removed or demoted. Make another member admin first.',
  ownPasswordInProfile: 'Change your own password from your profile (Security).',
} as const;

const refuse = (message: string) => new HttpError(409, message, { errorType: 'team_rule' });

/** The member acted on is not above the one acting. */
export function assertMayManage(actor: Acting, target: { role: string }): void {
  if (rankOf(target.role) > rankOf(actor.role)) throw new HttpError(403, RULE_MESSAGES.outranked);
}

export function assertMayAssignRole(actor: Acting, role: string): void {
  if (rankOf(role) > rankOf(actor.role)) throw new HttpError(403, RULE_MESSAGES.roleAbove);
}

/** Every flag switched on that was off must be one the actor holds. */
export function assertMayGrant(actor: Acting, before: Permissions, after: Permissions): void {
  for (const flag of PERMISSION_FLAGS) {
    if (
      after[flag] === true &&
      before[flag] !== true &&
      !hasPermission(actor.role, actor.permissions, flag)
    ) {
      throw new HttpError(403, RULE_MESSAGES.flagNotHeld);
    }
  }
}

/** Nobody lowers their own role or switches off one of their own flags. */
export function assertNotDemotingSelf(
  before: { role: string; permissions: Permissions },
  after: { role: string; permissions: Permissions },
): void {
  if (rankOf(after.role) < rankOf(before.role)) throw refuse(RULE_MESSAGES.demoteSelf);
  if (PERMISSION_FLAGS.some((f) => before.permissions[f] === true && after.permissions[f] !== true)) {
    throw refuse(RULE_MESSAGES.demoteSelf);
  }
}

/**
 * Changes that may leave the team without an admin take this lock first, so two admins demoting or
 * deleting each other at once are decided one after the other (the second sees the first's change).
 */
export async function lockTeamRoles(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('motorpool:staff-roles'))`);
}

/** After the lock: refuse when `leaving` (being removed or demoted) is the last admin. */
export async function assertAnotherAdmin(tx: Executor, leaving: { id: string; role: string }): Promise<void> {
  if (!isAdminRole(leaving.role)) return;
  const [row] = await tx
    .select({ n: count() })
    .from(staffUsers)
    .where(and(inArray(staffUsers.role, [...ADMIN_ROLES]), ne(staffUsers.id, leaving.id)));
  if (!row || row.n === 0) throw refuse(RULE_MESSAGES.lastAdmin);
}
