import type { ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { BuildingIcon, UsersIcon } from 'lucide-react';
import type { BackgroundJob } from '@shared/contracts/background-jobs';
import type { Page } from '@shared/contracts/common';
import {
  CRM_RECORD_SORTS,
  CRM_STATUS_FILTERS,
  crmRecordListQuery,
  type CrmEntityType,
  type CrmRecordListQuery,
} from '@shared/contracts/crm';
import type { Column } from '@client/components/list/columns';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { BulkSyncPanel } from './bulk-sync-panel';
import { SyncRecordButton, SyncState, syncStatusLabel } from './sync-status';

const STATUS_OPTIONS = CRM_STATUS_FILTERS.map((value) => ({
  value,
  label: syncStatusLabel(value === 'never' ? null : value),
}));

/** What a row of either tab has: who it is, and its state in the CRM in use. */
type RecordRow = {
  id: string;
  email: string;
  syncStatus: string | null;
  lastSyncAt: string | null;
  error: string | null;
  crmId: string | null;
};

const TEXTS: Record<CrmEntityType, { noun: string; plural: string; empty: string; search: string }> = {
  customer: {
    noun: 'customer',
    plural: 'customers',
    empty: 'Customers appear here as they sign up or are added, each with its state in the CRM.',
    search: 'Company, name or email',
  },
  user: {
    noun: 'user',
    plural: 'users',
    empty: 'Team members appear here once they are added in Team Management.',
    search: 'Name or email',
  },
};

/**
 * The customers or users tab: every record with its sync status in the CRM in use (paged, searched,
 * sorted and filtered on the server), its Sync button, and the bulk sync above it.
 */
export function RecordsTab<R extends RecordRow>({
  entity,
  listQuery,
  nameOf,
  detailOf,
  job,
  blocked,
  canEdit,
}: {
  entity: CrmEntityType;
  listQuery: (query: CrmRecordListQuery) => UseQueryOptions<Page<R>, Error, Page<R>, QueryKey>;
  nameOf: (row: R) => string;
  /** The line under the name (the contact, the role). */
  detailOf: (row: R) => ReactNode;
  job: BackgroundJob | null;
  blocked: string | null;
  canEdit: boolean;
}) {
  const texts = TEXTS[entity];
  const state = useListState({
    sorts: CRM_RECORD_SORTS,
    defaultSort: 'name',
    filters: { status: CRM_STATUS_FILTERS },
    pageSize: 25,
    scope: texts.plural,
  });
  const list = useQuery(listQuery(crmRecordListQuery.parse(state.query)));
  return (
    <section className="space-y-4" aria-label={`${texts.plural} in the CRM`}>
      <BulkSyncPanel
        entity={entity === 'customer' ? 'customers' : 'users'}
        latest={job}
        blocked={blocked}
        canEdit={canEdit}
      />
      <ListSection
        state={state}
        query={list}
        noun={texts.plural}
        toolbar={{
          search: { label: `Search ${texts.plural}`, placeholder: texts.search },
          filters: [
            {
              name: 'status',
              label: 'Filter by sync status',
              allLabel: 'All statuses',
              options: STATUS_OPTIONS,
              className: 'sm:w-40',
            },
          ],
          clear: true,
        }}
        empty={{
          icon: entity === 'customer' ? BuildingIcon : UsersIcon,
          title: `No ${texts.plural} yet`,
          text: texts.empty,
        }}
        label={`${texts.plural} and their CRM sync status`}
        columns={recordColumns(nameOf, detailOf)}
        rowProps={{ 'data-testid': `crm-${entity}-row` }}
        actions={(row) => (
          <SyncRecordButton entity={entity} id={row.id} name={nameOf(row)} disabled={!canEdit || !!blocked} />
        )}
        pager={{ label: `${texts.plural} pages`, noun: [texts.noun, texts.plural] }}
      />
    </section>
  );
}

function recordColumns<R extends RecordRow>(
  nameOf: (row: R) => string,
  detailOf: (row: R) => ReactNode,
): Column<R>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      cellClassName: 'max-w-72',
      cell: (row) => (
        <>
          <span className="font-medium break-words">{nameOf(row)}</span>
          <span className="block text-xs break-words text-muted-foreground">{detailOf(row)}</span>
        </>
      ),
    },
    {
      key: 'email',
      label: 'Email',
      sort: 'email',
      from: '2xl',
      cellClassName: 'max-w-64 break-all',
      cell: (row) => row.email,
      narrow: (row) => <span className="break-all">{row.email}</span>,
    },
    {
      key: 'status',
      label: 'Sync status',
      sort: 'lastSyncAt',
      newestFirst: true,
      from: 'md',
      cellClassName: 'max-w-64',
      cell: (row) => <SyncState status={row.syncStatus} lastSyncAt={row.lastSyncAt} error={row.error} />,
    },
    {
      key: 'crmId',
      label: 'CRM ID',
      from: '4xl',
      cellClassName: 'max-w-40 font-mono text-xs break-all',
      cell: (row) => row.crmId ?? '—',
      narrow: false,
    },
  ];
}
