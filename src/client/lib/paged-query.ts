import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, searchParams, type Contract } from '@client/lib/api';

type ListParams = Record<string, string | number | boolean | null | undefined>;

/**
 * The query of a list endpoint whose parameters go in the address (a page, a search, filters): keyed by
 * the path then the parameters, answered with the contract, and the page shown kept on screen while the
 * next one loads. Each area's `api.ts` still writes one factory per endpoint:
 * `export const teamUsersQuery = (query: TeamListQuery) => pagedQuery(teamUsersKey, teamPage, query);`
 */
export function pagedQuery<K extends readonly [string], S extends Contract, Q extends ListParams>(
  key: K,
  schema: S,
  query: Q,
) {
  return queryOptions({
    queryKey: [...key, query],
    queryFn: (context) => getJson(`${key[0]}?${searchParams(query)}`, schema, context),
    placeholderData: keepPreviousData,
  });
}
