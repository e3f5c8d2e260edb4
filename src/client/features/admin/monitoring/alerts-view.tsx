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
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListFilter } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { changeRow } from '@client/components/list/row-change';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TableRow } from '@client/components/ui/table';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { alertsQuery, useResolveAlert } from './monitoring-api';

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

/** Alerts: raised when a threshold is crossed, open until staff resolve them (resolving is audited). */
export function AlertsView() {
  const state = useListState(ALERTS_LIST);
  const list = useQuery(alertsQuery(alertListQuery.parse(state.query)));
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  const [resolving, setResolving] = useState<SystemAlert | null>(null);
  const resolve = useResolveAlert();

  return (
    <section aria-labelledby="alerts-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="alerts-heading" className="text-lg font-semibold">
          Alerts
        </h2>
        <p className="text-sm text-muted-foreground">
          One open alert per condition, whatever the number of instances; it stays until someone resolves it.
        </p>
      </div>
      <ListToolbar clear={state}>
        <ListFilter
          state={state}
          name="state"
          label="Filter by state"
          allLabel="All states"
          options={STATE_OPTIONS}
          className="sm:w-44"
        />
        <ListFilter
          state={state}
          name="type"
          label="Filter by type"
          allLabel="All types"
          options={TYPE_OPTIONS}
          className="sm:w-36"
        />
      </ListToolbar>
      <ListBody
        query={list}
        noun="alerts"
        isFiltered={state.isFiltered}
        onClearFilters={state.clearFilters}
        empty={{
          icon: BellIcon,
          title: 'No alerts',
          text: 'Alerts are raised when a figure crosses its warning or error line, a job fails or an integration fails.',
        }}
      >
        {(page) => (
          <ListTable
            label="Alerts"
            actions
            head={
              <>
                <ListHead>Alert</ListHead>
                <ListHead from="lg">Raised</ListHead>
                <ListHead from="xl">Last seen</ListHead>
                <ListHead from="md">State</ListHead>
              </>
            }
          >
            {page.items.map((a) => (
              <TableRow key={a.id} data-testid="health-alert" data-condition={a.conditionKey}>
                <ListCell>
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge variant={TYPE_LOOK[a.type].variant}>{TYPE_LOOK[a.type].label}</Badge>
                    <span className="break-words">{a.message}</span>
                  </span>
                  <NarrowDetails until="lg">
                    <NarrowItem until="lg">Raised {formatStaffDateTime(a.raisedAt)}</NarrowItem>
                    <NarrowItem until="md">{stateText(a)}</NarrowItem>
                  </NarrowDetails>
                </ListCell>
                <ListCell from="lg">{formatStaffDateTime(a.raisedAt)}</ListCell>
                <ListCell from="xl">{formatStaffDateTime(a.lastSeenAt)}</ListCell>
                <ListCell from="md">{stateText(a)}</ListCell>
                <ListCell className="text-right">
                  {a.resolvedAt ? null : (
                    <Button size="sm" variant="outline" onClick={() => setResolving(a)}>
                      <CheckIcon aria-hidden="true" />
                      Resolve
                    </Button>
                  )}
                </ListCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListBody>
      <ListStatePager state={state} query={list} label="Alert pages" noun={['alert', 'alerts']} />
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
    </section>
  );
}

function stateText(a: SystemAlert) {
  if (!a.resolvedAt) return 'Open';
  return `Resolved ${formatStaffDateTime(a.resolvedAt)}${a.resolvedBy ? ` by ${a.resolvedBy}` : ''}`;
}
