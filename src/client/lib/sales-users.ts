import { queryOptions } from '@tanstack/react-query';
import { salesUserOptions } from '@shared/contracts/team';
import { getJson } from './api';

/*
 * `GET /api/admin/sales-users` (any staff): the sales users to pick, for the team screen's commission
 * rates and the customer dialogs' assigned sales user. The team screen's user changes invalidate it.
 */

export const salesUsersKey = ['/api/admin/sales-users'] as const;

export const salesUsersQuery = queryOptions({
  queryKey: salesUsersKey,
  queryFn: (context) => getJson(salesUsersKey[0], salesUserOptions, context),
});
