import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  commissionListQuery,
  commissionPage,
  commissionRates,
  createRateRequest,
  markPaidRequest,
  markPaidResponse,
  myCommissions as myCommissionsContract,
  rateSaved,
} from '../../../shared/contracts/commissions';
import { listCommissions, markCommissionsPaid, myCommissions } from './history';
import { createRate, listRates } from './rates';
import type { Services } from '../../services';
import { staffContext } from '../../http/staff-context';
import { routesFor } from '../../http/routes-for';

const viewTeam = access.staffPermission('users', 'canViewTeamManagement');
const manageUsers = access.staffPermission('users', 'canManageUsers');

/** Sales commission rates and the commissions earned on payments (docs/commissions.md). */
export async function commissionRoutes(app: FastifyInstance, services: Services) {
  const { db, clock } = services;
  const staff = (request: FastifyRequest) => staffContext(request, services);
  const route = routesFor(app, 'commissions');
  route.get('/api/sales-commission-rates', {
    access: viewTeam,
    summary: 'Commission rates: the active ones, then those they replaced',
    response: { 200: commissionRates },
    handler: async () => listRates(db),
  });

  route.post('/api/sales-commission-rates', {
    access: manageUsers,
    summary: "Set a sales user's rate on a plan (replaces the active one)",
    body: createRateRequest,
    response: { 201: rateSaved, 400: errorResponse, 404: errorResponse },
    handler: async (request, reply) => {
      const rate = await createRate(staff(request), request.body);
      return reply.status(201).send({ success: true, message: 'Commission rate created successfully', rate });
    },
  });

  route.get('/api/sales-commissions', {
    access: viewTeam,
    summary: 'Commission history: filtered by sales user, status and month, paged, with totals',
    querystring: commissionListQuery,
    response: { 200: commissionPage },
    handler: async (request) => listCommissions(db, request.query),
  });

  route.post('/api/sales-commissions/mark-paid', {
    access: manageUsers,
    summary: 'Mark pending commissions paid (each once, whoever else marks them)',
    body: markPaidRequest,
    response: { 200: markPaidResponse },
    handler: async (request) => {
      const updated = await markCommissionsPaid(staff(request), request.body.ids, clock.now());
      const message =
        updated === 0
          ? 'Nothing to mark: those commissions are already paid'
          : `${updated} commission${updated === 1 ? '' : 's'} marked paid`;
      return { success: true as const, message, updated };
    },
  });

  // Any staff member, their own rows only: the sales user's 'My commissions' card.
  route.get('/api/admin/my-commissions', {
    access: access.staff,
    summary: "The signed-in member's own commissions: pending, paid this month, the last 5",
    response: { 200: myCommissionsContract },
    handler: async (request) => myCommissions(db, request.staffUser.id, clock.now()),
  });
}
