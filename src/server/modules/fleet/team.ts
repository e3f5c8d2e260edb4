import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TeamMember, inviteTeamMemberRequest } from '../../../shared/contracts/fleet';
import { strongPassword } from '../../../shared/contracts/auth';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { customers, sessions, teamMembers } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { emailSignsIn } from '../customers/login-emails';
import { assertUserRoom, countedUsers, lockAccount } from './limits';

export type InviteValues = z.output<typeof inviteTeamMemberRequest>;

export const EMAIL_TAKEN = 'This email already has a Motorpool account.';

/** 12 characters without look-alikes (spec 2 §9), then checked against the password rules. */
const SET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export function temporaryPassword(): string {
  let password = '';
  do {
    password = Array.from({ length: 11 }, () => SET[randomInt(SET.length)]).join('') + '#';
  } while (!strongPassword.safeParse(password).success);
  return password;
}

export async function listTeam(db: Db, customerId: string) {
  const [owner] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      createdAt: customers.createdAt,
      userLimit: customers.userLimit,
      planId: customers.planId,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!owner) throw notFound('Customer not found');
  const members = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.customerId, customerId))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
  const list: TeamMember[] = [
    {
      id: owner.id,
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      role: 'fleet_admin',
      isOwner: true,
      status: 'active',
      createdAt: owner.createdAt.toISOString(),
    },
    ...members.map((m) => ({
      id: m.id,
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      role: m.role as TeamMember['role'],
      isOwner: false,
      status: (m.lastLoginAt ? 'active' : 'invited') as TeamMember['status'],
      createdAt: m.createdAt.toISOString(),
    })),
  ];
  return { members: list, users: list.length, userLimit: owner.userLimit };
}

/** Invites a member with a generated password, shown once to the inviter; the limit applies. */
export async function inviteMember(db: Db, actor: AuditActor, customerId: string, values: InviteValues) {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const limits = await lockAccount(tx, customerId);
      await assertUserRoom(tx, customerId, limits);
      if (await emailSignsIn(tx, values.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const [row] = await tx
        .insert(teamMembers)
        .values({
          customerId,
          email: values.email,
          firstName: values.firstName,
          lastName: values.lastName,
          role: values.role,
          passwordHash,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        resourceType: 'team_member',
        resourceId: row!.id,
        newValues: { email: row!.email, role: row!.role },
      });
      const member: TeamMember = {
        id: row!.id,
        email: row!.email,
        firstName: row!.firstName,
        lastName: row!.lastName,
        role: row!.role as TeamMember['role'],
        isOwner: false,
        status: 'invited',
        createdAt: row!.createdAt.toISOString(),
      };
      return { member, temporaryPassword: password, users: await countedUsers(tx, customerId) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

export async function changeMemberRole(
  db: Db,
  actor: AuditActor,
  customerId: string,
  id: string,
  role: 'fleet_admin' | 'fleet_user',
) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.id, id), eq(teamMembers.customerId, customerId)))
      .for('update');
    if (!before)
      throw notFound(
        id === customerId ? 'The account owner is always a fleet admin.' : 'Team member not found',
      );
    if (actor.actorId === id) throw badRequest('You cannot change your own role.');
    await tx.update(teamMembers).set({ role, updatedAt: new Date() }).where(eq(teamMembers.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      resourceType: 'team_member',
      resourceId: id,
      oldValues: { role: before.role },
      newValues: { role },
    });
  });
}

/** Removing a member also ends their sessions (the foreign key cascades). */
export async function removeMember(db: Db, actor: AuditActor, customerId: string, id: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.id, id), eq(teamMembers.customerId, customerId)))
      .for('update');
    if (!before)
      throw notFound(id === customerId ? 'The account owner cannot be removed.' : 'Team member not found');
    if (actor.actorId === id) throw badRequest('You cannot remove yourself. Ask another fleet admin.');
    await tx.delete(sessions).where(eq(sessions.teamMemberId, id));
    await tx.delete(teamMembers).where(eq(teamMembers.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      resourceType: 'team_member',
      resourceId: id,
      oldValues: { email: before.email, role: before.role },
    });
  });
}
