import { queryOptions } from '@tanstack/react-query';
import { getJson, type Contract } from '@client/lib/api';

/**
 * The query of an endpoint read without parameters (settings, the member's sessions): keyed by its path,
 * answered with the contract. Each area's `api.ts` names it once:
 * `export const generalSettingsQuery = endpointQuery(generalSettingsKey, generalSettings);`
 */
export function endpointQuery<K extends readonly [string], S extends Contract>(key: K, schema: S) {
  return queryOptions({
    queryKey: key,
    queryFn: (context) => getJson(key[0], schema, context),
  });
}
