import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiJsonUnchecked, errorMessageOf } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { toast } from '@client/lib/toast';
import type { CreatePlanRequest, Plan, PlanStats } from '@shared/contracts/plans';
import { PLAN_TEXTS } from './plan-texts';

/*
 * Every call of the plans manager (spec 2 §7) and the cache refresh each mutation implies: the plan list
 * and the per-plan figures both change when a plan is created, edited, (de)activated, copied or deleted.
 */

export const PLANS_QUERY_KEY = ['/api/plans'] as const;
export const PLAN_STATS_QUERY_KEY = ['/api/admin/plans/stats'] as const;

/** Staff who may view plans get every plan, inactive ones included. */
export function usePlans(enabled = true) {
  return useQuery<Plan[]>({ queryKey: PLANS_QUERY_KEY, enabled });
}

/** `enabled` is off for staff who may not see plans, so they do not trigger a 403. */
export function usePlanStats(enabled = true) {
  return useQuery<PlanStats>({ queryKey: PLAN_STATS_QUERY_KEY, enabled });
}

function invalidatePlans(client: QueryClient = queryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: PLANS_QUERY_KEY }),
    client.invalidateQueries({ queryKey: PLAN_STATS_QUERY_KEY }),
  ]);
}

type PlanMutationResponse = { success: true; message: string; plan: Plan };

export type PlanLimitsUpdate = { price: number; vehicleLimit: number | null; userLimit: number | null };

/**
 * Every plan mutation ends the same way: a success toast and both queries refreshed, or a failure
 * toast with the server's message.
 */
function usePlanMutation<TInput, TResult>(options: {
  call: (input: TInput) => Promise<TResult>;
  success: (result: TResult) => { title: string; description: string };
  failureTitle: string;
}) {
  return useMutation({
    mutationFn: options.call,
    onSuccess: async (result) => {
      toast({ ...options.success(result), variant: 'success' });
      await invalidatePlans();
    },
    onError: (error) => {
      toast({
        title: options.failureTitle,
        description: errorMessageOf(error, options.failureTitle),
        variant: 'destructive',
      });
    },
  });
}

const planUrl = (id: string) => `/api/plans/${encodeURIComponent(id)}`;

/** POST /api/plans. Field errors (400) and a duplicate id (409) are left to the form to show. */
export function useCreatePlan() {
  return usePlanMutation({
    call: (input: CreatePlanRequest) => apiJsonUnchecked<PlanMutationResponse>('POST', '/api/plans', input),
    success: () => ({ title: PLAN_TEXTS.created, description: PLAN_TEXTS.createdDescription }),
    failureTitle: PLAN_TEXTS.createFailed,
  });
}

/** PUT /api/plans/:id: the inline edit of price and limits. */
export function useUpdatePlanLimits() {
  return usePlanMutation({
    call: ({ id, ...body }: PlanLimitsUpdate & { id: string }) =>
      apiJsonUnchecked<PlanMutationResponse>('PUT', planUrl(id), body),
    success: () => ({ title: PLAN_TEXTS.updated, description: PLAN_TEXTS.updatedDescription }),
    failureTitle: PLAN_TEXTS.updateFailed,
  });
}

/** PATCH /api/plans/:id {active}: make a plan available to new customers or withdraw it. */
export function useSetPlanActive() {
  return usePlanMutation({
    call: ({ id, active }: { id: string; active: boolean }) =>
      apiJsonUnchecked<PlanMutationResponse>('PATCH', planUrl(id), { active }),
    success: ({ plan }) => ({
      title: PLAN_TEXTS.updated,
      description: plan.active ? PLAN_TEXTS.activatedDescription : PLAN_TEXTS.deactivatedDescription,
    }),
    failureTitle: PLAN_TEXTS.updateFailed,
  });
}

/** POST /api/plans/:id/duplicate: the server makes an inactive copy under a fresh id. */
export function useDuplicatePlan() {
  return usePlanMutation({
    call: (id: string) => apiJsonUnchecked<PlanMutationResponse>('POST', `${planUrl(id)}/duplicate`, {}),
    success: () => ({ title: PLAN_TEXTS.duplicated, description: PLAN_TEXTS.duplicatedDescription }),
    failureTitle: PLAN_TEXTS.duplicateFailed,
  });
}

/** DELETE /api/plans/:id: a soft delete; customers already on the plan keep it. */
export function useDeletePlan() {
  return usePlanMutation({
    call: (id: string) => apiJsonUnchecked<{ success: true; message: string }>('DELETE', planUrl(id)),
    success: () => ({ title: PLAN_TEXTS.deleted, description: PLAN_TEXTS.deletedDescription }),
    failureTitle: PLAN_TEXTS.deleteFailed,
  });
}
