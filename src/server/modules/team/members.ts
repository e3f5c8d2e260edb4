import { and, asc, count, desc, eq, ilike, ne, sql, sum, type SQL } from 'drizzle-orm';
import {
  ACCESS_DENIED_MESSAGE,
  ALL_PERMISSIONS,
  canOpenTab,
  defaultPermissionsFor,
  hasPermission,
  PERMISSION_FLAGS,
  STAFF_ROLES,
  type Permissions,
  type StaffRole,
} from '../../../shared/roles';
import {
  type CreateUserRequest,
  type TeamListQuery,
  type TeamStats,
  type TeamUser,
  type UpdateUserRequest,
} from '../../../shared/contracts/team';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { salesCommissionRates, salesCommissionTotals, sessions, staffUsers } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { likePattern } from '../../lib/sql-like';
import { recordAudit, type AuditActor } from '../audit';
import type { StaffContext } from '../../http/staff-context';
import { generateStaffPassword } from './generated-password';
import { emailLinks, personData, personTo, type Mailer } from '../email-events';
import {
  type Acting,
  assertAnotherAdmin,
  assertMayAssignRole,
  assertMayGrant,
  assertMayManage,
  assertNotDemotingSelf,
  isAdminRole,
  lockTeamRoles,
  RULE_MESSAGES,
} from './rules';
import { inTransaction } from '../../http/request-context';

export const USER_NOT_FOUND = 'User not found';
export const STAFF_EMAIL_TAKEN = 'A team member with this email already exists';

type StaffRow = typeof staffUsers.$inferSelect;

const roleOf = (role: string): StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role) ? (role as StaffRole) : 'sales';

/** Only the twelve known flags, each true or false. */
const flagsOf = (stored: Record<string, boolean> | null | undefined): Permissions =>
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, stored?.[f] === true]));

export function toTeamUser(row: StaffRow): TeamUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    address: row.address,
    role: roleOf(row.role),
    permissions: flagsOf(row.permissions),
    isPasswordSet: row.isPasswordSet,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** What the audit keeps of a member: everything but the password. */
const audited = (u: TeamUser) => {
  const { createdAt: _c, lastLoginAt: _l, ...rest } = u;
  return rest;
};

const isStaffId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The actor as the database has them now, inside the change's transaction (after the roles lock):
 * a member demoted a moment ago acts with what they hold now, not what their request started with.
 */
async function actingNow(tx: Executor, ctx: StaffContext): Promise<Acting> {
  const [row] = await tx
    .select({ role: staffUsers.role, permissions: staffUsers.permissions })
    .from(staffUsers)
    .where(eq(staffUsers.id, ctx.staff.id));
  const acting = row && { id: ctx.staff.id, role: row.role, permissions: row.permissions };
  if (
    !acting ||
    !canOpenTab(acting.role, 'users') ||
    !hasPermission(acting.role, acting.permissions, 'canManageUsers')
  ) {
    throw new HttpError(403, ACCESS_DENIED_MESSAGE);
  }
  return acting;
}

/** Locks the member's row for the change (NO KEY UPDATE: sessions and rates may still point at it). */
async function lockMember(tx: Executor, id: string): Promise<StaffRow> {
  const [row] = isStaffId(id)
    ? await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('no key update')
    : [];
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

const SORTS: Record<TeamListQuery['sort'], SQL[]> = {
  name: [
    sql`lower(coalesce(${staffUsers.firstName}, '') || ' ' || coalesce(${staffUsers.lastName}, '')) asc`,
    asc(staffUsers.id),
  ],
  '-name': [
    sql`lower(coalesce(${staffUsers.firstName}, '') || ' ' || coalesce(${staffUsers.lastName}, '')) desc`,
    desc(staffUsers.id),
  ],
  createdAt: [asc(staffUsers.createdAt), asc(staffUsers.id)],
  '-createdAt': [desc(staffUsers.createdAt), desc(staffUsers.id)],
  lastLoginAt: [sql`${staffUsers.lastLoginAt} asc nulls first`, asc(staffUsers.id)],
  '-lastLoginAt': [sql`${staffUsers.lastLoginAt} desc nulls last`, desc(staffUsers.id)],
};

export async function listTeam(db: Executor, query: TeamListQuery) {
  const where = and(
    query.search ? ilike(staffUsers.searchText, likePattern(query.search)) : undefined,
    query.role ? eq(staffUsers.role, query.role) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffUsers)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(staffUsers).where(where),
  ]);
  return toPage(query, rows.map(toTeamUser), total?.n ?? 0);
}

export async function teamStats(db: Executor): Promise<TeamStats> {
  const [[people], [money], [rates]] = await Promise.all([
    db
      .select({
        total: count(),
        sales: sql<number>`count(*) filter (where ${staffUsers.role} = 'sales')`.mapWith(Number),
      })
      .from(staffUsers),
    // From the totals sales_commissions' triggers keep (migration 0026), not from every commission.
    db
      .select({ cents: sum(salesCommissionTotals.commissionCents).mapWith(Number) })
      .from(salesCommissionTotals),
    db.select({ n: count() }).from(salesCommissionRates).where(eq(salesCommissionRates.isActive, true)),
  ]);
  return {
    totalUsers: people?.total ?? 0,
    salesTeam: people?.sales ?? 0,
    totalCommissions: (money?.cents ?? 0) / 100,
    activeRates: rates?.n ?? 0,
  };
}

/** The flags a member is saved with: an admin or root holds every one. */
const permissionsFor = (role: StaffRole, requested: Permissions | undefined): Permissions =>
  isAdminRole(role) ? { ...ALL_PERMISSIONS } : flagsOf(requested ?? defaultPermissionsFor(role));

/** A new generated password: its hash to keep, and the password itself for the email only. */
async function newGeneratedPassword() {
  const password = generateStaffPassword();
  return { password, passwordHash: await hashPassword(password) };
}

/** The member's password by email (team_invitation), in the transaction that set it. */
async function queueTeamInvitation(tx: Executor, mail: Mailer, row: StaffRow, password: string) {
  const person = { email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
  await mail.queue.queue(tx, {
    template: 'team_invitation',
    to: personTo(person),
    staffUserId: row.id,
    data: { ...personData(person), temporaryPassword: password, signInUrl: emailLinks(mail).staffSignIn },
  });
}

export type NewTeamMember = Pick<
  typeof staffUsers.$inferInsert,
  'email' | 'firstName' | 'lastName' | 'phone' | 'address'
> & { role: StaffRole; permissions: Permissions };

/**
 * The one way a team member is created (Create user, the external database import), in the caller's
 * transaction: the member with a generated password, the audit row (never the password) and the
 * password by email. Who may create whom is the caller's to check first.
 */
export async function insertTeamMember(
  tx: Executor,
  ctx: { actor: AuditActor; mail: Mailer },
  member: NewTeamMember,
  credentials: { password: string; passwordHash: string },
  auditNote: Record<string, unknown> = {},
): Promise<TeamUser> {
  const [row] = await tx
    .insert(staffUsers)
    .values({
      ...member,
      permissions: member.permissions as Record<string, boolean>,
      passwordHash: credentials.passwordHash,
      isPasswordSet: false,
    })
    .returning();
  const user = toTeamUser(row!);
  await recordAudit(tx, ctx.actor, {
    action: 'create',
    resourceType: 'user',
    resourceId: user.id,
    newValues: { ...audited(user), passwordGenerated: true, passwordSentTo: user.email, ...auditNote },
  });
  await queueTeamInvitation(tx, ctx.mail, row!, credentials.password);
  return user;
}

const emailTaken = () => conflict(STAFF_EMAIL_TAKEN, { email: STAFF_EMAIL_TAKEN });

export async function createTeamUser(ctx: StaffContext, input: CreateUserRequest): Promise<TeamUser> {
  assertMayAssignRole(ctx.staff, input.role);
  const permissions = permissionsFor(input.role, input.permissions);
  assertMayGrant(ctx.staff, {}, permissions);
  const credentials = await newGeneratedPassword();
  try {
    return await inTransaction(ctx, ({ db: tx }) =>
      insertTeamMember(
        tx,
        ctx,
        {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          address: input.address,
          role: input.role,
          permissions,
        },
        credentials,
      ),
    );
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** Ends every session of the member except the one making the change (their own, on a self-edit). */
async function endSessionsOf(tx: Executor, ctx: StaffContext, memberId: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.staffUserId, memberId), ne(sessions.id, ctx.staff.sessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Edit user (docs/team-management.md): details, role, flags and an optional generated password. Role and flag
 * changes follow the rules in rules.ts; a new role or password ends the member's other sessions.
 */
export async function updateTeamUser(
  ctx: StaffContext,
  id: string,
  input: Partial<UpdateUserRequest>,
): Promise<TeamUser> {
  const generated = input.sendNewPassword ? await newGeneratedPassword() : null;
  const passwordHash = generated?.passwordHash ?? null;
  try {
    return await inTransaction(ctx, async ({ db: tx }) => {
      await lockTeamRoles(tx);
      const acting = await actingNow(tx, ctx);
      const before = await lockMember(tx, id);
      const old = toTeamUser(before);
      assertMayManage(acting, before);
      const role = input.role ?? old.role;
      if (role !== old.role) assertMayAssignRole(acting, role);
      // A new role without flags named starts from that role's defaults.
      const permissions =
        input.permissions || role !== old.role ? permissionsFor(role, input.permissions) : old.permissions;
      assertMayGrant(acting, old.permissions, permissions);
      const self = before.id === ctx.staff.id;
      if (self)
        assertNotDemotingSelf({ role: old.role, permissions: old.permissions }, { role, permissions });
      if (isAdminRole(old.role) && !isAdminRole(role)) await assertAnotherAdmin(tx, before);
      if (self && passwordHash) throw badRequest(RULE_MESSAGES.ownPasswordInProfile);

      const now = ctx.clock.now();
      const [row] = await tx
        .update(staffUsers)
        .set({
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
          ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.address !== undefined ? { address: input.address || null } : {}),
          role,
          permissions: permissions as Record<string, boolean>,
          ...(passwordHash ? { passwordHash, isPasswordSet: false, passwordChangedAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(staffUsers.id, before.id))
        .returning();
      const user = toTeamUser(row!);
      const sessionsEnded = role !== old.role || passwordHash ? await endSessionsOf(tx, ctx, before.id) : 0;
      await recordAudit(tx, ctx.actor, {
        action: 'update',
        resourceType: 'user',
        resourceId: user.id,
        oldValues: audited(old),
        newValues: {
          ...audited(user),
          ...(passwordHash ? { passwordReset: true, passwordSentTo: user.email } : {}),
          sessionsEnded,
        },
      });
      if (generated) await queueTeamInvitation(tx, ctx.mail, row!, generated.password);
      return user;
    });
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** `PATCH /api/admin/users/{id}/role`: the role alone, the member's flags set for it. */
export const changeTeamRole = (ctx: StaffContext, id: string, role: UpdateUserRequest['role']) =>
  updateTeamUser(ctx, id, { role });

export async function deleteTeamUser(ctx: StaffContext, id: string): Promise<void> {
  if (id === ctx.staff.id) throw conflict(RULE_MESSAGES.deleteSelf);
  await inTransaction(ctx, async ({ db: tx }) => {
    await lockTeamRoles(tx);
    const acting = await actingNow(tx, ctx);
    const before = await lockMember(tx, id);
    assertMayManage(acting, before);
    await assertAnotherAdmin(tx, before);
    await tx.delete(staffUsers).where(eq(staffUsers.id, before.id));
    await recordAudit(tx, ctx.actor, {
      action: 'delete',
      resourceType: 'user',
      resourceId: before.id,
      oldValues: audited(toTeamUser(before)),
    });
  });
}
