import { successResponse } from '@shared/contracts/common';
import {
  commissionPage,
  commissionRates,
  markPaidResponse,
  rateSaved,
  type CommissionListQuery,
  type CreateRateRequest,
} from '@shared/contracts/commissions';
import {
  teamPage,
  teamStats,
  userSaved,
  type CreateUserRequest,
  type TeamListQuery,
  type UpdateUserRequest,
} from '@shared/contracts/team';
import type { StaffRole } from '@shared/roles';
import { apiJson, apiMutation, pagedQuery, endpointQuery } from '@client/lib/calls';

/*
 * Every call of the Team Management tab (docs/team-management-screen.md). The
 * summary cards count users, sales users, commissions and active rates, so each change invalidates
 * them with its own list.
 */

export const teamUsersKey = ['/api/admin/users'] as const;
export const ratesKey = ['/api/sales-commission-rates'] as const;
export const commissionsKey = ['/api/sales-commissions'] as const;

const enc = encodeURIComponent;
const userUrl = (id: string) => `${teamUsersKey[0]}/${enc(id)}`;

/** One page of team members, searched, filtered by role and sorted on the server. */
export const teamUsersQuery = (query: TeamListQuery) => pagedQuery(teamUsersKey, teamPage, query);

/** The four summary cards, over the whole team and every commission. */
export const teamStatsQuery = endpointQuery(['/api/admin/users/stats'], teamStats);

/** Every rate: the active ones first, then the replaced ones (history). */
export const ratesQuery = endpointQuery(ratesKey, commissionRates);

/** One page of commissions with the totals over every row the filters match. */
export const commissionsQuery = (query: CommissionListQuery) =>
  pagedQuery(commissionsKey, commissionPage, query);

export const useCreateUser = apiMutation((input: CreateUserRequest) =>
  apiJson('POST', teamUsersKey[0], userSaved, input),
);

/** Editing oneself changes the session's name and flags too. */
export const useUpdateUser = apiMutation(({ id, input }: { id: string; input: UpdateUserRequest }) =>
  apiJson('PATCH', userUrl(id), userSaved, input),
);

export const useChangeRole = apiMutation(({ id, role }: { id: string; role: StaffRole }) =>
  apiJson('PATCH', `${userUrl(id)}/role`, userSaved, { role }),
);

export const useDeleteUser = apiMutation((id: string) => apiJson('DELETE', userUrl(id), successResponse));

/** A new rate replaces the active one for its user and plan: the list and the active count move. */
export const useCreateRate = apiMutation((input: CreateRateRequest) =>
  apiJson('POST', ratesKey[0], rateSaved, input),
);

export const useMarkPaid = apiMutation((ids: string[]) =>
  apiJson('POST', `${commissionsKey[0]}/mark-paid`, markPaidResponse, { ids }),
);
