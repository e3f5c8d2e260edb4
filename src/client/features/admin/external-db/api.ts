import { queryOptions } from '@tanstack/react-query';
import { jobStarted } from '@shared/contracts/background-jobs';
import { externalDbStatus, type ExternalDbImport } from '@shared/contracts/external-db';
import { apiJson, getJson, apiMutationOf } from '@client/lib/calls';
import { backgroundJobQuery } from '@client/lib/background-job';

/* External Database's calls (docs/external-db.md). */

export const externalDbStatusKey = ['/api/admin/external-db/status'] as const;
export const externalDbJobsKey = ['/api/admin/external-db/jobs'] as const;

/**
 * The connection test and the newest import of each kind: read each time the screen opens (never an
 * earlier answer, since the settings may have changed meanwhile) and on Test Connection.
 */
export const externalDbStatusQuery = queryOptions({
  queryKey: externalDbStatusKey,
  queryFn: (context) => getJson(externalDbStatusKey[0], externalDbStatus, context),
  staleTime: 0,
});

/** One import's progress, polled while it runs. */
export const externalDbJobQuery = (id: string) =>
  backgroundJobQuery([...externalDbJobsKey, id], `${externalDbJobsKey[0]}/${encodeURIComponent(id)}`);

export const useStartImport = apiMutationOf(
  (kind: ExternalDbImport) => () => apiJson('POST', `/api/admin/external-db/sync/${kind}`, jobStarted, {}),
);
