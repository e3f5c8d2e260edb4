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
} from '@shared/contracts/audit';
import type { Column } from '@client/components/list/columns';
import { DateRangeFilter, isDay } from '@client/components/list/date-range-filter';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
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
        <ListSection
          state={state}
          query={list}
          noun="audit entries"
          toolbar={{
            className: 'flex-wrap',
            search: {
              label: 'Search audit log',
              placeholder: 'Actor email, resource id or action',
              // a width of its own, so the filters wrap under it rather than squeeze it away
              className: 'sm:flex-[1_1_16rem]',
            },
            filters: [
              {
                name: 'category',
                label: 'Filter by action',
                allLabel: 'All actions',
                options: CATEGORY_OPTIONS,
                className: 'sm:w-36',
              },
              {
                name: 'resource',
                label: 'Filter by resource',
                allLabel: 'All resources',
                options: RESOURCE_OPTIONS,
                className: 'sm:w-40',
              },
              {
                name: 'actorType',
                label: 'Filter by actor',
                allLabel: 'All actors',
                options: ACTOR_OPTIONS,
                className: 'sm:w-36',
              },
              {
                name: 'success',
                label: 'Filter by outcome',
                allLabel: 'All outcomes',
                options: OUTCOME_OPTIONS,
                className: 'sm:w-36',
              },
            ],
            clear: true,
            children: (
              <DateRangeFilter
                label="Date"
                from={state.filters.from}
                to={state.filters.to}
                onChange={(bound, value) => state.setFilter(bound, value)}
              />
            ),
          }}
          aboveList={
            state.filters.actor ? (
              <p className="text-sm">
                Showing entries by <strong>{state.filters.actor}</strong>.{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => state.setFilter('actor', '')}>
                  Show everyone
                </Button>
              </p>
            ) : null
          }
          empty={{
            icon: ScrollTextIcon,
            title: 'No audit entries yet',
            text: 'Entries appear as soon as anyone signs in or changes something.',
          }}
          label="Audit entries"
          columns={auditColumns((email) => state.setFilter('actor', email))}
          rowKey={(e) => e.id}
          rowProps={{ 'data-testid': 'audit-row' }}
          actions={(e) => (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setOpen(e)}
              aria-label={`Details of entry ${e.id}`}
            >
              Details
            </Button>
          )}
          pager={{ label: 'Audit log pages', noun: ['entry', 'entries'] }}
        />
      </section>

      {open ? (
        <AuditDetailDialog key={open.id} entry={open} onOpenChange={(o) => !o && setOpen(null)} />
      ) : null}
    </div>
  );
}

/** The entries' columns; an actor who is a person filters the list to their entries. */
function auditColumns(onActor: (email: string) => void): Column<AuditLogEntry>[] {
  return [
    {
      key: 'time',
      label: 'Time',
      sort: 'createdAt',
      newestFirst: true,
      cell: (e) => <span className="whitespace-nowrap">{formatStaffDateTime(e.timestamp)}</span>,
    },
    {
      key: 'actor',
      label: 'Actor',
      sort: 'actor',
      from: 'lg',
      cellClassName: 'max-w-56 break-all',
      // A system job's name (billing) is not a person to filter by.
      cell: (e) =>
        e.userName?.includes('@') ? (
          <Button variant="link" className="h-auto p-0 text-left" onClick={() => onActor(e.userName!)}>
            {e.userName}
          </Button>
        ) : (
          <span className="text-muted-foreground">{e.userName ?? e.actorType}</span>
        ),
    },
    {
      key: 'action',
      label: 'Action',
      sort: 'action',
      from: 'md',
      cell: (e) => (
        <span className="flex flex-wrap items-center gap-1">
          <Badge variant="outline">{e.category}</Badge>
          <span>{actionLabel(e.action)}</span>
        </span>
      ),
    },
    {
      key: 'resource',
      label: 'Resource',
      from: '4xl',
      cellClassName: 'max-w-64',
      cell: (e) => (
        <span className="flex flex-col">
          <span>{e.resourceType}</span>
          {e.resourceId ? <span className="break-all text-muted-foreground">{e.resourceId}</span> : null}
        </span>
      ),
    },
    {
      key: 'outcome',
      label: 'Outcome',
      from: '3xl',
      cell: (e) => (
        <Badge variant={e.success ? 'success' : 'destructive'}>{e.success ? 'Succeeded' : 'Failed'}</Badge>
      ),
    },
    {
      key: 'ip',
      label: 'IP address',
      from: '5xl',
      cellClassName: 'whitespace-nowrap',
      cell: (e) => e.ipAddress,
      narrow: false,
    },
    {
      key: 'userAgent',
      label: 'User agent',
      from: '6xl',
      cellClassName: 'max-w-72 truncate',
      cellProps: (e) => ({ title: e.userAgentFull ?? undefined }),
      cell: (e) => e.userAgent,
      narrow: false,
    },
  ];
}
