import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { access, errorResponse, successResponse } from '../../../shared/contracts/common';
import {
  changeRoleRequest,
  createUserRequest,
  salesUserOptions,
  teamListQuery,
  teamPage,
  teamStats as teamStatsContract,
  updateUserRequest,
  userSaved,
} from '../../../shared/contracts/team';
import { staffUsers } from '../../db/schema';
import { sendingNow } from '../email';
import {
  changeTeamRole,
  createTeamUser,
  deleteTeamUser,
  listTeam,
  teamStats,
  updateTeamUser,
} from './members';
import { staffNameOf } from './staff-name';
import type { Services } from '../../services';
import { staffContext } from '../../http/staff-context';
import { routesFor } from '../../http/routes-for';

const userParams = z.object({ id: z.string().max(100) });
const viewTeam = access.staffPermission('users', 'canViewTeamManagement');
const manageUsers = access.staffPermission('users', 'canManageUsers');

/** Team Management (docs/team-management.md): the members, their roles, flags and passwords. */
export async function teamRoutes(app: FastifyInstance, services: Services) {
  const { db, emailDelivery } = services;
  const route = routesFor(app, 'team');
  const ctx = (request: FastifyRequest) => staffContext(request, services);

  route.get('/api/admin/users', {
    access: viewTeam,
    summary: 'Team members: searched, filtered by role, sorted and paged on the server',
    querystring: teamListQuery,
    response: { 200: teamPage },
    handler: async (request) => listTeam(db, request.query),
  });

  route.get('/api/admin/users/stats', {
    access: viewTeam,
    summary: 'Total users, sales team, total commissions and active rates',
    response: { 200: teamStatsContract },
    handler: async () => teamStats(db),
  });

  route.post('/api/admin/users', {
    access: manageUsers,
    summary: 'Create a team member with a generated password they replace at first sign-in',
    body: createUserRequest,
    response: { 201: userSaved, 400: errorResponse, 403: errorResponse, 409: errorResponse },
    handler: async (request, reply) => {
      const { value: user, email } = await sendingNow(emailDelivery, ['team_invitation'], () =>
        createTeamUser(ctx(request), request.body),
      );
      return reply
        .status(201)
        .send({ success: true, message: 'User created successfully!', user, delivery: email });
    },
  });

  route.patch('/api/admin/users/:id', {
    access: manageUsers,
    summary: 'Edit a team member: details, role, permissions and an optional generated password',
    params: userParams,
    body: updateUserRequest,
    response: {
      200: userSaved,
      400: errorResponse,
      403: errorResponse,
      404: errorResponse,
      409: errorResponse,
    },
    handler: async (request) => {
      const { value: user, email } = await sendingNow(emailDelivery, ['team_invitation'], () =>
        updateTeamUser(ctx(request), request.params.id, request.body),
      );
      return { success: true as const, message: 'User updated successfully', user, delivery: email };
    },
  });

  route.patch('/api/admin/users/:id/role', {
    access: manageUsers,
    summary: "Change a team member's role (their flags start from the role's defaults)",
    params: userParams,
    body: changeRoleRequest,
    response: { 200: userSaved, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    handler: async (request) => ({
      success: true as const,
      message: 'User role updated successfully',
      user: await changeTeamRole(ctx(request), request.params.id, request.body.role),
    }),
  });

  route.delete('/api/admin/users/:id', {
    access: manageUsers,
    summary: 'Delete a team member (never yourself, never the last admin)',
    params: userParams,
    response: { 200: successResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    handler: async (request) => {
      await deleteTeamUser(ctx(request), request.params.id);
      return { success: true, message: 'User deleted successfully' };
    },
  });

  // Any staff member: the customer dialogs and the commission rates both pick a sales user.
  route.get('/api/admin/sales-users', {
    access: access.staff,
    summary: 'The sales users, to assign a customer or a commission rate to',
    response: { 200: salesUserOptions },
    handler: async () =>
      db
        .select({ id: staffUsers.id, name: staffNameOf(staffUsers), email: staffUsers.email })
        .from(staffUsers)
        .where(eq(staffUsers.role, 'sales'))
        .orderBy(asc(staffUsers.firstName), asc(staffUsers.lastName), asc(staffUsers.id)),
  });
}
