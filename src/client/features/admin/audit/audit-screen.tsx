import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ScrollTextIcon } from 'lucide-react';
import type { AuditLogEntry } from '@shared/contracts/audit';
import { DateRangeFilter } from '@client/components/list/date-range-filter';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { RowButton } from '@client/components/list/row-button';
import { auditExportUrl, auditLogsQuery, auditQueryOf } from './api';
import { AuditDetailDialog } from './audit-detail-dialog';
import { AuditVerifyPanel } from './audit-verify-panel';
import { auditColumns } from './audit-columns';
import { ActorNote, AuditEntriesHeading, AuditHeader } from './audit-screen-parts';
import { AUDIT_FILTERS, AUDIT_LIST } from './audit-list';

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

  return (
    <div className="space-y-6">
      <AuditHeader exportUrl={auditExportUrl(query)} />

      <AuditVerifyPanel />

      <section aria-labelledby="audit-list-heading" className="space-y-4">
        <AuditEntriesHeading page={list.data} />
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
            filters: AUDIT_FILTERS,
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
              <ActorNote actor={state.filters.actor} onShowEveryone={() => state.setFilter('actor', '')} />
            ) : null
          }
          empty={{
            icon: ScrollTextIcon,
            text: 'Entries appear as soon as anyone signs in or changes something.',
          }}
          label="Audit entries"
          columns={auditColumns((email) => state.setFilter('actor', email))}
          rowProps={{ 'data-testid': 'audit-row' }}
          actions={(e) => (
            <RowButton word="Details" label={`Details of entry ${e.id}`} onClick={() => setOpen(e)} />
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
