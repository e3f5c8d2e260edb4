import { CircleCheckIcon } from 'lucide-react';
import type { MaintenanceRecord } from '@shared/contracts/fleet';
import type { Column } from '@client/components/list/columns';
import { RowActions, type RowActionHandlers } from '@client/components/list/row-actions';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { formatMoney } from '@client/lib/format';
import { vehicleLabel } from '../drivers/vehicle-label';
import { useDistance } from '../shell/distance-unit';
import { formatDay, overdueText } from './maintenance-format';

/*
 * The maintenance list's columns and row: overdue ones in red, with how late they are. Due, state and
 * cost are priority columns; on a narrow list they sit under the service's name.
 */

function DueText({ record }: { record: MaintenanceRecord }) {
  const { format } = useDistance();
  const parts = [
    record.dueDate ? formatDay(record.dueDate) : null,
    record.dueMileage !== null ? format(record.dueMileage) : null,
  ].filter(Boolean);
  return <>{parts.join(' or ') || '—'}</>;
}

function StateBadge({ record }: { record: MaintenanceRecord }) {
  const { unit } = useDistance();
  if (record.state === 'overdue') {
    return (
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:grid">
        <Badge variant="destructive">Overdue</Badge>
        <span className="whitespace-nowrap text-xs font-medium text-destructive">
          {overdueText(record, unit)}
        </span>
      </div>
    );
  }
  if (record.state === 'completed') return <Badge variant="success">Completed</Badge>;
  return <Badge variant="secondary">Scheduled</Badge>;
}

const dueOf = (record: MaintenanceRecord) =>
  record.completedDate ? (
    <span className="text-muted-foreground">Done {formatDay(record.completedDate)}</span>
  ) : (
    <DueText record={record} />
  );

export const MAINTENANCE_COLUMNS: readonly Column<MaintenanceRecord>[] = [
  {
    key: 'service',
    label: 'Service',
    cellProps: (record) => ({
      className: cn(record.state === 'overdue' && 'border-l-2 border-l-destructive'),
    }),
    cell: (record) => (
      <>
        <div className="max-w-48 truncate font-medium sm:max-w-64">{record.type}</div>
        <div className="max-w-48 truncate text-xs text-muted-foreground sm:max-w-64">
          {vehicleLabel(record.vehicle)}
        </div>
      </>
    ),
  },
  {
    key: 'due',
    label: 'Due',
    from: '2xl',
    cellClassName: 'whitespace-nowrap',
    cell: dueOf,
    narrow: (record) =>
      record.completedDate ? (
        dueOf(record)
      ) : (
        <span>
          Due <DueText record={record} />
        </span>
      ),
  },
  { key: 'state', label: 'State', from: 'md', cell: (record) => <StateBadge record={record} /> },
  {
    key: 'cost',
    label: 'Cost',
    from: '3xl',
    numeric: true,
    cellClassName: 'whitespace-nowrap',
    cell: (record) =>
      record.cost !== null ? formatMoney(record.cost) : <span className="text-muted-foreground">—</span>,
    narrow: (record) => (record.cost !== null ? formatMoney(record.cost) : null),
    narrowClassName: 'tabular-nums',
  },
];

/** A record's row: overdue ones in red. */
export function maintenanceRowProps(record: MaintenanceRecord) {
  return {
    'data-testid': 'maintenance-row',
    'data-state': record.state,
    className: cn(record.state === 'overdue' && 'bg-destructive/5 hover:bg-destructive/10'),
  };
}

/** Complete (until it is), then edit and delete. */
export function MaintenanceActions({
  record,
  onComplete,
  onEdit,
  onDelete,
}: { record: MaintenanceRecord; onComplete: () => void } & RowActionHandlers) {
  return (
    <>
      {record.state !== 'completed' ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onComplete}
          aria-label={`Complete ${record.type}`}
          className="px-2 sm:px-3"
        >
          <CircleCheckIcon aria-hidden="true" />
          <span className="hidden sm:inline">Complete</span>
        </Button>
      ) : null}
      <RowActions name={record.type} onEdit={onEdit} onDelete={onDelete} />
    </>
  );
}
