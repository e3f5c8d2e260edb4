import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { jobStarted } from '@shared/contracts/background-jobs';
import {
  crmConfig,
  crmConnectionTest,
  crmCustomerPage,
  crmCustomerRow,
  crmStatus,
  crmUserPage,
  crmUserRow,
  type CrmBulkEntity,
  type CrmConfigInput,
  type CrmPlatform,
  type CrmEntityType,
  type CrmRecordListQuery,
} from '@shared/contracts/crm';
import { backgroundJobQuery } from '@client/lib/background-job';
import { apiJson, getJson, searchParams, apiMutation, apiMutationOf } from '@client/lib/calls';

/* CRM Integration's calls (tab `crm`; docs/crm.md). */

const BASE = '/api/admin/crm';

export const crmKeys = {
  status: [BASE, 'status'] as const,
  customers: [BASE, 'customers'] as const,
  users: [BASE, 'users'] as const,
  job: (id: string) => [BASE, 'jobs', id] as const,
};

/** The summary cards, the configuration, whether a sync can run, and the newest jobs. */
export const crmStatusQuery = queryOptions({
  queryKey: crmKeys.status,
  queryFn: (context) => getJson(`${BASE}/status`, crmStatus, context),
});

export const crmCustomersQuery = (query: CrmRecordListQuery) =>
  queryOptions({
    queryKey: [...crmKeys.customers, query] as QueryKey,
    queryFn: (context) => getJson(`${BASE}/customers?${searchParams(query)}`, crmCustomerPage, context),
    placeholderData: keepPreviousData,
  });

export const crmUsersQuery = (query: CrmRecordListQuery) =>
  queryOptions({
    queryKey: [...crmKeys.users, query] as QueryKey,
    queryFn: (context) => getJson(`${BASE}/users?${searchParams(query)}`, crmUserPage, context),
    placeholderData: keepPreviousData,
  });

export const crmJobQuery = (id: string) => backgroundJobQuery(crmKeys.job(id), `${BASE}/jobs/${id}`);

export const useSaveCrmConfig = apiMutation((input: CrmConfigInput) =>
  apiJson('PUT', `${BASE}/config`, crmConfig, input),
);

/**
 * Sync one customer or team user now; answers its row. A record the CRM refused is stored as failed:
 * the refusal's answer refreshes its row and the cards.
 */
export const useSyncRecord = apiMutationOf(
  (entity: CrmEntityType) =>
    (id: string): Promise<unknown> =>
      entity === 'customer'
        ? apiJson('POST', `${BASE}/sync/customer/${id}`, crmCustomerRow, {})
        : apiJson('POST', `${BASE}/sync/user/${id}`, crmUserRow, {}),
);

export const useStartBulkSync = apiMutationOf(
  (entity: CrmBulkEntity) => () => apiJson('POST', `${BASE}/sync/bulk/${entity}`, jobStarted, {}),
);

/** `POST /api/admin/crm/test-connection`: sign in with the saved credentials; `ok` false is 'Test Failed'. */
export const useTestCrmConnection = apiMutation((crmType: CrmPlatform) =>
  apiJson('POST', `${BASE}/test-connection`, crmConnectionTest, { crmType }),
);
