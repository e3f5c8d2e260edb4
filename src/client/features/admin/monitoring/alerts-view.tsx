import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BellIcon, CheckIcon } from 'lucide-react';
import {
  ALERT_STATES,
  ALERT_TYPES,
  alertListQuery,
  type AlertType,
  type SystemAlert,
} from '@shared/contracts/system-health';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import type { Column } from '@client/components/list/columns';
import { ListSection, type ListFilterSpec } from '@client/components/list/list-section';
import { changeRow } from '@client/components/list/row-change';
import { useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { RowButton } from '@client/components/list/row-button';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { alertsQuery, useResolveAlert } from './monitoring-api';
import { HeadedSection } from '@client/components/section-heading';

const TYPE_LOOK: Record<AlertType, { label: string; variant: 'destructive' | 'warning' | 'secondary' }> = {
  error: { label: 'Error', variant: 'destructive' },
  warning: { label: 'Warning', variant: 'warning' },
  info: { label: 'Info', variant: 'secondary' },
};
const STATE_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const;
const TYPE_OPTIONS = ALERT_TYPES.map((t) => ({ value: t, label: TYPE_LOOK[t].label }));

const ALERTS_LIST = {
  sorts: ['-raisedAt'],
  defaultSort: '-raisedAt',
  filters: { state: ALERT_STATES, type: ALERT_TYPES },
  pageSize: 20,
  scope: 'alerts',
} as const;

const ALERT_FILTERS: readonly ListFilterSpec<'state' | 'type'>[] = [
  {
    name: 'state',
    label: 'Filter by state',
    allLabel: 'All states',
    options: STATE_OPTIONS,
    className: 'sm:w-44',
  },
  {
    name: 'type',
    label: 'Filter by type',
    allLabel: 'All types',
    options: TYPE_OPTIONS,
    className: 'sm:w-36',
  },
];

const ALERT_COLUMNS: readonly Column<SystemAlert>[] = [
  {
    key: 'alert',
    label: 'Alert',
    cell: (a) => (
      <span className="flex flex-wrap items-center gap-2">
        <Badge variant={TYPE_LOOK[a.type].variant}>{TYPE_LOOK[a.type].label}</Badge>
        <span className="break-words">{a.message}</span>
      </span>
    ),
  },
  {
    key: 'raised',
    label: 'Raised',
    from: 'lg',
    cell: (a) => formatStaffDateTime(a.raisedAt),
    narrowLabel: true,
  },
  {
    key: 'lastSeen',
    label: 'Last seen',
    from: 'xl',
    cell: (a) => formatStaffDateTime(a.lastSeenAt),
    narrow: false,
  },
  { key: 'state', label: 'State', from: 'md', cell: stateText },
];

/** Alerts: raised when a threshold is crossed, open until staff resolve them (resolving is audited). */
export function AlertsView() {
  const state = useListState(ALERTS_LIST);
  const list = useQuery(alertsQuery(alertListQuery.parse(state.query)));
  const [resolving, setResolving] = useState<SystemAlert | null>(null);
  const resolve = useResolveAlert();

  return (
    <HeadedSection
      id="alerts-heading"
      title="Alerts"
      description="One open alert per condition, whatever the number of instances; it stays until someone resolves it."
      className="space-y-4"
    >
      <ListSection
        state={state}
        query={list}
        noun="alerts"
        toolbar={{
          filters: ALERT_FILTERS,
          clear: true,
        }}
        empty={{
          icon: BellIcon,
          title: 'No alerts',
          text: 'Alerts are raised when a figure crosses its warning or error line, a job fails or an integration fails.',
        }}
        label="Alerts"
        columns={ALERT_COLUMNS}
        rowProps={(a) => ({ 'data-testid': 'health-alert', 'data-condition': a.conditionKey })}
        actions={(a) =>
          a.resolvedAt ? null : <RowButton word="Resolve" icon={CheckIcon} onClick={() => setResolving(a)} />
        }
        pager={{ label: 'Alert pages', noun: ['alert', 'alerts'] }}
      />
      {resolving ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setResolving(null)}
          variant="default"
          title="Resolve this alert?"
          description={`${resolving.message}. If the condition is crossed again, a new alert is raised.`}
          confirmLabel="Resolve alert"
          onConfirm={async () => {
            const made = await changeRow(() => resolve.mutateAsync(resolving.id), {
              done: { title: 'Alert resolved', variant: 'success' },
              failed: {
                title: 'Alert not resolved',
                fallback: 'The alert could not be resolved. Please try again.',
              },
            });
            if (made) setResolving(null);
          }}
        />
      ) : null}
    </HeadedSection>
  );
}

function stateText(a: SystemAlert) {
  if (!a.resolvedAt) return 'Open';
  return `Resolved ${formatStaffDateTime(a.resolvedAt)}${a.resolvedBy ? ` by ${a.resolvedBy}` : ''}`;
}
