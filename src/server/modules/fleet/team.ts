import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TeamMember, inviteTeamMemberRequest } from '../../../shared/contracts/fleet';
import { strongPassword } from '../../../shared/contracts/auth';
import { isUniqueViolation } from '../../db/errors';
import { customers, sessions, teamMembers } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { badRequest, conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/request-context';
import { recordAudit } from '../audit';
import { emailSignsIn } from '../customers';
import { assertUserRoom, countedUsers, lockAccount } from './limits';
import { emailLinks, personData, personTo, type Mailer } from '../email-events';
import type { CustomerContext } from '../../http/request-context';

export type InviteValues = z.output<typeof inviteTeamMemberRequest>;

export const EMAIL_TAKEN = 'This email already has a Motorpool account.';

/** 12 characters without look-alikes, then checked against the password rules. */
const SET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export function temporaryPassword(): string {
  let password = '';
  do {
    password = Array.from({ length: 11 }, () => SET[randomInt(SET.length)]).join('') + '#';
  } while (!strongPassword.safeParse(password).success);
  return password;
}

export async function listTeam({ db, account }: CustomerContext) {
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
    .where(account.isAccount);
  if (!owner) throw notFound('Customer not found');
  const members = await account.select(teamMembers).orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
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

/**
 * Invites a member with a generated password, which goes to the member by email (team_invitation)
 * in the invitation's transaction and is never answered; the limit applies.
 */
export async function inviteMember(ctx: CustomerContext, mail: Mailer, values: InviteValues) {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await inTransaction(ctx, async (tx) => {
      const limits = await lockAccount(tx);
      await assertUserRoom(tx, limits);
      // Across accounts on purpose: one email signs in to one account (customer_logins).
      if (await emailSignsIn(tx.db, values.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const [row] = await tx.account
        .insert(teamMembers, {
          email: values.email,
          firstName: values.firstName,
          lastName: values.lastName,
          role: values.role,
          passwordHash,
        })
        .returning();
      await recordAudit(tx.db, tx.actor, {
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
      await mail.queue.queue(tx.db, {
        template: 'team_invitation',
        to: personTo(row!),
        customerId: tx.accountId,
        data: {
          ...personData(row!),
          temporaryPassword: password,
          signInUrl: emailLinks(mail).customerSignIn,
        },
      });
      return { member, users: await countedUsers(tx) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

/** A member of the account, locked for the change; the owner is not a member and cannot be changed. */
async function memberForChange(tx: CustomerContext, id: string, ownerMessage: string) {
  const [member] = await tx.account.select(teamMembers, eq(teamMembers.id, id)).for('update');
  if (!member) throw notFound(id === tx.accountId ? ownerMessage : 'Team member not found');
  return member;
}

export async function changeMemberRole(ctx: CustomerContext, id: string, role: 'fleet_admin' | 'fleet_user') {
  await inTransaction(ctx, async (tx) => {
    const before = await memberForChange(tx, id, 'The account owner is always a fleet admin.');
    if (tx.actor.actorId === id) throw badRequest('You cannot change your own role.');
    await tx.account.update(teamMembers, { role, updatedAt: new Date() }, eq(teamMembers.id, id));
    await recordAudit(tx.db, tx.actor, {
      action: 'update',
      resourceType: 'team_member',
      resourceId: id,
      oldValues: { role: before.role },
      newValues: { role },
    });
  });
}

/** Removing a member also ends their sessions (the foreign key cascades). */
export async function removeMember(ctx: CustomerContext, id: string) {
  await inTransaction(ctx, async (tx) => {
    const before = await memberForChange(tx, id, 'The account owner cannot be removed.');
    if (tx.actor.actorId === id) throw badRequest('You cannot remove yourself. Ask another fleet admin.');
    // Sessions are not the account's data; the member was just found in the account.
    await tx.db.delete(sessions).where(eq(sessions.teamMemberId, id));
    await tx.account.delete(teamMembers, eq(teamMembers.id, id));
    await recordAudit(tx.db, tx.actor, {
      action: 'delete',
      resourceType: 'team_member',
      resourceId: id,
      oldValues: { email: before.email, role: before.role },
    });
  });
}
