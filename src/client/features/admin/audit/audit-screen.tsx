import { useState } from 'react';
import { ScreenHeader } from '@client/components/screen-header';
import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, ScrollTextIcon } from 'lucide-react';
import { AUDIT_CATEGORIES } from '@shared/audit-categories';
import {
  AUDIT_ACTOR_TYPES,
  AUDIT_COUNT_CAP,
  AUDIT_RESOURCES,
  AUDIT_SORTS,
  type AuditLogEntry,
  type AuditSort,
} from '@shared/contracts/audit';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { DateRangeFilter, isDay } from '@client/components/list/date-range-filter';
import { ListFilter } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { SortHeader } from '@client/components/list/sort-header';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TableRow } from '@client/components/ui/table';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { auditExportUrl, auditLogsQuery, auditQueryOf } from './api';
import { AuditDetailDialog } from './audit-detail-dialog';
import {
  ACTOR_OPTIONS,
  CATEGORY_OPTIONS,
  OUTCOME_OPTIONS,
  RESOURCE_OPTIONS,
  actionLabel,
} from './audit-format';
import { AuditVerifyPanel } from './audit-verify-panel';

const isEmailish = (value: string) => value.length <= 254 && value.includes('@');

const AUDIT_LIST = {
  sorts: AUDIT_SORTS,
  defaultSort: '-createdAt',
  filters: {
    category: AUDIT_CATEGORIES,
    resource: AUDIT_RESOURCES,
    actorType: AUDIT_ACTOR_TYPES,
    actor: isEmailish,
    success: ['true', 'false'],
    from: isDay,
    to: isDay,
  },
  pageSize: 25,
} as const;

/**
 * Security & Audit (tab `audit`; docs/audit-logs.md): the real audit trail,
 * searched, filtered, sorted and paged on the server, each entry's old and new values as a diff, the
 * filtered rows exported as CSV, and the hash chain verified on demand.
 */
export default function AuditScreen() {
  const state = useListState(AUDIT_LIST);
  const query = auditQueryOf(state.query);
  const list = useQuery(auditLogsQuery(query));
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const total = list.data?.total;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <ScreenHeader
          title="Audit Logs"
          description="Every change, sign-in, refusal and export, with who made it and from where."
        />
        <Button variant="outline" asChild className="shrink-0">
          <a href={auditExportUrl(query)} download data-testid="audit-export">
            <DownloadIcon aria-hidden="true" />
            Export
          </a>
        </Button>
      </div>

      <AuditVerifyPanel />

      <section aria-labelledby="audit-list-heading" className="space-y-4">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="audit-list-heading" className="text-lg font-semibold">
            Entries
          </h2>
          {total !== undefined ? (
            <p className="text-sm text-muted-foreground" data-testid="audit-total">
              {list.data?.totalCapped ? `${AUDIT_COUNT_CAP.toLocaleString()}+` : total.toLocaleString()}{' '}
              {total === 1 ? 'entry' : 'entries'}
            </p>
          ) : null}
        </div>
        <ListToolbar
          className="flex-wrap"
          search={{
            state,
            label: 'Search audit log',
            placeholder: 'Actor email, resource id or action',
            // a width of its own, so the filters wrap under it rather than squeeze it away
            className: 'sm:flex-[1_1_16rem]',
          }}
          clear={state}
        >
          <ListFilter
            state={state}
            name="category"
            label="Filter by action"
            allLabel="All actions"
            options={CATEGORY_OPTIONS}
            className="sm:w-36"
          />
          <ListFilter
            state={state}
            name="resource"
            label="Filter by resource"
            allLabel="All resources"
            options={RESOURCE_OPTIONS}
            className="sm:w-40"
          />
          <ListFilter
            state={state}
            name="actorType"
            label="Filter by actor"
            allLabel="All actors"
            options={ACTOR_OPTIONS}
            className="sm:w-36"
          />
          <ListFilter
            state={state}
            name="success"
            label="Filter by outcome"
            allLabel="All outcomes"
            options={OUTCOME_OPTIONS}
            className="sm:w-36"
          />
          <DateRangeFilter
            label="Date"
            from={state.filters.from}
            to={state.filters.to}
            onChange={(bound, value) => state.setFilter(bound, value)}
          />
        </ListToolbar>
        {state.filters.actor ? (
          <p className="text-sm">
            Showing entries by <strong>{state.filters.actor}</strong>.{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => state.setFilter('actor', '')}>
              Show everyone
            </Button>
          </p>
        ) : null}

        <ListBody
          query={list}
          noun="audit entries"
          isFiltered={state.isFiltered}
          onClearFilters={state.clearFilters}
          empty={{
            icon: ScrollTextIcon,
            title: 'No audit entries yet',
            text: 'Entries appear as soon as anyone signs in or changes something.',
          }}
        >
          {(page) => (
            <AuditTable
              items={page.items}
              sort={query.sort}
              onSort={state.setSort}
              onOpen={setOpen}
              onActor={(email) => state.setFilter('actor', email)}
            />
          )}
        </ListBody>
        <ListStatePager state={state} query={list} label="Audit log pages" noun={['entry', 'entries']} />
      </section>

      {open ? (
        <AuditDetailDialog key={open.id} entry={open} onOpenChange={(o) => !o && setOpen(null)} />
      ) : null}
    </div>
  );
}

function AuditTable({
  items,
  sort,
  onSort,
  onOpen,
  onActor,
}: {
  items: readonly AuditLogEntry[];
  sort: AuditSort;
  onSort: (sort: AuditSort) => void;
  onOpen: (entry: AuditLogEntry) => void;
  onActor: (email: string) => void;
}) {
  return (
    <ListTable
      label="Audit entries"
      actions
      head={
        <>
          <SortHeader field="createdAt" label="Time" sort={sort} onSort={onSort} newestFirst />
          <SortHeader field="actor" label="Actor" sort={sort} onSort={onSort} from="lg" />
          <SortHeader field="action" label="Action" sort={sort} onSort={onSort} from="md" />
          <ListHead from="4xl">Resource</ListHead>
          <ListHead from="3xl">Outcome</ListHead>
          <ListHead from="5xl">IP address</ListHead>
          <ListHead from="6xl">User agent</ListHead>
        </>
      }
    >
      {items.map((e) => {
        const outcome = (
          <Badge variant={e.success ? 'success' : 'destructive'}>{e.success ? 'Succeeded' : 'Failed'}</Badge>
        );
        // A system job's name (billing) is not a person to filter by.
        const actor = e.userName?.includes('@') ? (
          <Button variant="link" className="h-auto p-0 text-left" onClick={() => onActor(e.userName!)}>
            {e.userName}
          </Button>
        ) : (
          <span className="text-muted-foreground">{e.userName ?? e.actorType}</span>
        );
        const action = (
          <span className="flex flex-wrap items-center gap-1">
            <Badge variant="outline">{e.category}</Badge>
            <span>{actionLabel(e.action)}</span>
          </span>
        );
        const resource = (
          <span className="flex flex-col">
            <span>{e.resourceType}</span>
            {e.resourceId ? <span className="break-all text-muted-foreground">{e.resourceId}</span> : null}
          </span>
        );
        return (
          <TableRow key={e.id} data-testid="audit-row">
            <ListCell>
              <span className="whitespace-nowrap">{formatStaffDateTime(e.timestamp)}</span>
              <NarrowDetails until="4xl">
                <NarrowItem until="lg">{actor}</NarrowItem>
                <NarrowItem until="md">{action}</NarrowItem>
                <NarrowItem until="4xl">{resource}</NarrowItem>
                <NarrowItem until="3xl">{outcome}</NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell from="lg" className="max-w-56 break-all">
              {actor}
            </ListCell>
            <ListCell from="md">{action}</ListCell>
            <ListCell from="4xl" className="max-w-64">
              {resource}
            </ListCell>
            <ListCell from="3xl">{outcome}</ListCell>
            <ListCell from="5xl" className="whitespace-nowrap">
              {e.ipAddress}
            </ListCell>
            <ListCell from="6xl" className="max-w-72 truncate" title={e.userAgentFull ?? undefined}>
              {e.userAgent}
            </ListCell>
            <ListCell className="text-right">
              <Button
                variant="outline"
                size="sm"
                onClick={() => onOpen(e)}
                aria-label={`Details of entry ${e.id}`}
              >
                Details
              </Button>
            </ListCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
