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
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListFilter } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { SortHeader } from '@client/components/list/sort-header';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { TableRow } from '@client/components/ui/table';
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
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  return (
    <section className="space-y-4" aria-label={`${texts.plural} in the CRM`}>
      <BulkSyncPanel
        entity={entity === 'customer' ? 'customers' : 'users'}
        latest={job}
        blocked={blocked}
        canEdit={canEdit}
      />
      <ListToolbar
        search={{ state, label: `Search ${texts.plural}`, placeholder: texts.search }}
        clear={state}
      >
        <ListFilter
          state={state}
          name="status"
          label="Filter by sync status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          className="sm:w-40"
        />
      </ListToolbar>
      <ListBody
        query={list}
        noun={texts.plural}
        isFiltered={state.isFiltered}
        onClearFilters={state.clearFilters}
        empty={{
          icon: entity === 'customer' ? BuildingIcon : UsersIcon,
          title: `No ${texts.plural} yet`,
          text: texts.empty,
        }}
      >
        {(page) => (
          <ListTable
            label={`${texts.plural} and their CRM sync status`}
            actions
            head={
              <>
                <SortHeader field="name" label="Name" sort={state.sort} onSort={state.setSort} />
                <SortHeader field="email" label="Email" sort={state.sort} onSort={state.setSort} from="2xl" />
                <SortHeader
                  field="lastSyncAt"
                  label="Sync status"
                  sort={state.sort}
                  onSort={state.setSort}
                  newestFirst
                  from="md"
                />
                <ListHead from="4xl">CRM ID</ListHead>
              </>
            }
          >
            {page.items.map((row) => {
              const status = (
                <SyncState status={row.syncStatus} lastSyncAt={row.lastSyncAt} error={row.error} />
              );
              return (
                <TableRow key={row.id} data-testid={`crm-${entity}-row`}>
                  <ListCell className="max-w-72">
                    <span className="font-medium break-words">{nameOf(row)}</span>
                    <span className="block text-xs break-words text-muted-foreground">{detailOf(row)}</span>
                    <NarrowDetails until="2xl">
                      <NarrowItem until="2xl">
                        <span className="break-all">{row.email}</span>
                      </NarrowItem>
                      <NarrowItem until="md">{status}</NarrowItem>
                    </NarrowDetails>
                  </ListCell>
                  <ListCell from="2xl" className="max-w-64 break-all">
                    {row.email}
                  </ListCell>
                  <ListCell from="md" className="max-w-64">
                    {status}
                  </ListCell>
                  <ListCell from="4xl" className="max-w-40 font-mono text-xs break-all">
                    {row.crmId ?? '—'}
                  </ListCell>
                  <ListCell className="text-right">
                    <SyncRecordButton
                      entity={entity}
                      id={row.id}
                      name={nameOf(row)}
                      disabled={!canEdit || !!blocked}
                    />
                  </ListCell>
                </TableRow>
              );
            })}
          </ListTable>
        )}
      </ListBody>
      <ListStatePager
        state={state}
        query={list}
        label={`${texts.plural} pages`}
        noun={[texts.noun, texts.plural]}
      />
    </section>
  );
}
