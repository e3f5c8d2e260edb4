import {
  planDeleteResponse,
  planMutationResponse,
  planStats,
  type CreatePlanRequest,
  type PatchPlanRequest,
} from '@shared/contracts/plans';
import { apiJson, apiMutation, endpointQuery } from '@client/lib/calls';
import { plansKey } from '@client/lib/staff-plans';

/*
 * Every call of the plans manager (docs/plans.md). The plan list itself (`staffPlansQuery`) is in
 * lib/staff-plans.ts, as the team screen's rate dialog reads it too. A plan change makes both the plan
 * list and the per-plan figures stale; `plansKey` also covers the customer portal's plan list.
 */

/** GET /api/admin/plans/stats: customers and monthly revenue per plan. */
export const planStatsQuery = endpointQuery(['/api/admin/plans/stats'], planStats);

const planUrl = (id: string) => `/api/plans/${encodeURIComponent(id)}`;

/** POST /api/plans. A duplicate id answers 409 with the message on `errors.id`. */
export const useCreatePlan = apiMutation((input: CreatePlanRequest) =>
  apiJson('POST', plansKey[0], planMutationResponse, input),
);

/** PATCH /api/plans/:id: the Edit dialog's name, description, price, limits and features. */
export const useEditPlan = apiMutation(({ id, ...body }: PatchPlanRequest & { id: string }) =>
  apiJson('PATCH', planUrl(id), planMutationResponse, body),
);

/** PATCH /api/plans/:id {active}: make a plan available to new customers or withdraw it. */
export const useSetPlanActive = apiMutation(({ id, active }: { id: string; active: boolean }) =>
  apiJson('PATCH', planUrl(id), planMutationResponse, { active }),
);

/** POST /api/plans/:id/duplicate: the server makes an inactive copy under a fresh id. */
export const useDuplicatePlan = apiMutation((id: string) =>
  apiJson('POST', `${planUrl(id)}/duplicate`, planMutationResponse, {}),
);

/** DELETE /api/plans/:id: a soft delete; customers already on the plan keep it. */
export const useDeletePlan = apiMutation((id: string) => apiJson('DELETE', planUrl(id), planDeleteResponse));
