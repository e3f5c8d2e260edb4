import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createPlanRequest,
  patchPlanRequest,
  planDeleteResponse,
  planIdParams,
  planList,
  planMutationResponse,
  planStats,
  updatePlanLimitsRequest,
} from '../../../shared/contracts/plans';
import { canOpenTab, hasPermission } from '../../../shared/roles';
import { getPlanStats } from './all-accounts';
import { createPlan, deletePlan, duplicatePlan, listPlans, updatePlan, type PlanChanges } from './service';
import { access } from '../../../shared/contracts/common';
import { noteTouched, recordingApart } from '../../db/data-domains';
import type { Services } from '../../services';
import { staffContext } from '../../http/staff-context';
import { routesFor } from '../../http/routes-for';

export const PUBLIC_PLANS_TTL_MS = 5_000;

export async function planRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const staff = (request: FastifyRequest) => staffContext(request, services);
  const editPlans = access.staffPermission('plans', 'canEditPlans');
  /** PUT (price and limits) and PATCH (any field) save alike and answer alike. */
  const saved = async (request: FastifyRequest, id: string, changes: PlanChanges) => ({
    success: true as const,
    message: 'Plan updated successfully',
    plan: await updatePlan(staff(request), id, changes),
  });
  const route = routesFor(app, 'plans');

  // Every landing-page visit asks for the public plan list, which changes only when staff edit a
  // plan. It is kept for a few seconds per process and dropped at once by any plan change made
  // here; another instance behind the same database sees a change within PUBLIC_PLANS_TTL_MS.
  let publicPlans: { read: ReturnType<typeof readPublicPlans>; until: number } | null = null;
  const readPublicPlans = () => recordingApart(() => listPlans(db, { includeInactive: false }));
  const cachedPublicPlans = async () => {
    if (!publicPlans || publicPlans.until < Date.now()) {
      const read = readPublicPlans();
      publicPlans = { read, until: Date.now() + PUBLIC_PLANS_TTL_MS };
      read.catch(() => (publicPlans = null)); // a failed read is not kept
      return (await read).value;
    }
    // A kept answer read the plans all the same (the freshness headers).
    const { value, touched } = await publicPlans.read;
    noteTouched(touched);
    return value;
  };
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) publicPlans = null;
  });

  route.get('/api/plans', {
    access: access.public,
    summary: 'Plans: active ones for everyone; all of them for staff who may view plans',
    response: { 200: planList },
    handler: async (request) => {
      const staff = await request.staff();
      const seesAll =
        !!staff &&
        canOpenTab(staff.role, 'plans') &&
        hasPermission(staff.role, staff.permissions, 'canViewPlans');
      return seesAll ? listPlans(db, { includeInactive: true }) : cachedPublicPlans();
    },
  });

  route.get('/api/admin/plans/stats', {
    access: access.staffPermission('plans', 'canViewPlans'),
    summary: 'Customer counts and monthly revenue per plan',
    response: { 200: planStats },
    handler: async () => getPlanStats(db),
  });

  route.post('/api/plans', {
    access: editPlans,
    summary: 'Create a plan',
    body: createPlanRequest,
    response: { 201: planMutationResponse },
    handler: async (request, reply) => {
      const plan = await createPlan(staff(request), request.body);
      return reply.status(201).send({ success: true, message: 'Plan created successfully', plan });
    },
  });

  route.put('/api/plans/:id', {
    access: editPlans,
    summary: 'Price and limits; the plans manager edits through PATCH',
    params: planIdParams,
    body: updatePlanLimitsRequest,
    response: { 200: planMutationResponse },
    handler: async (request) => saved(request, request.params.id, request.body),
  });

  route.patch('/api/plans/:id', {
    access: editPlans,
    summary: 'Edit a plan: any of its fields',
    params: planIdParams,
    body: patchPlanRequest,
    response: { 200: planMutationResponse },
    handler: async (request) => saved(request, request.params.id, request.body),
  });

  route.post('/api/plans/:id/duplicate', {
    access: editPlans,
    summary: 'Create an inactive copy of a plan',
    params: planIdParams,
    body: z.object({}).strict().optional(),
    response: { 201: planMutationResponse },
    handler: async (request, reply) => {
      const plan = await duplicatePlan(staff(request), request.params.id);
      return reply.status(201).send({ success: true, message: 'Plan duplicated successfully', plan });
    },
  });

  route.delete('/api/plans/:id', {
    access: editPlans,
    summary: 'Delete a plan: it leaves every list, its customers keep it',
    params: planIdParams,
    response: { 200: planDeleteResponse },
    handler: async (request) => {
      await deletePlan(staff(request), request.params.id);
      return { success: true as const, message: 'Plan deleted successfully' };
    },
  });
}
