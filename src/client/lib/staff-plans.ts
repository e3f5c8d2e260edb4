import { queryOptions } from '@tanstack/react-query';
import { planList } from '@shared/contracts/plans';
import { getJson } from './api';

/*
 * `GET /api/plans` as staff read it, shared by the plans manager (which changes plans and invalidates
 * `plansKey`) and the team screen's commission rate dialog (which picks a plan): one key, one fetcher.
 */

/** The root of every plan list (the customer portal's and the customer dialogs' lists sit under it). */
export const plansKey = ['/api/plans'] as const;

/**
 * Every plan, inactive ones included (the server decides by the session), cheapest first. The list is
 * not paged on the server; a screen narrows it.
 */
export const staffPlansQuery = queryOptions({
  queryKey: [...plansKey, { includeInactive: true }],
  queryFn: (context) => getJson(plansKey[0], planList, context),
});
