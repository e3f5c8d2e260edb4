import { CircleCheckIcon } from 'lucide-react';
import type { MaintenanceRecord } from '@shared/contracts/fleet';
import { RowActions, type RowActionHandlers } from '@client/components/list/row-actions';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TableCell, TableRow } from '@client/components/ui/table';
import { cn } from '@client/lib/cn';
import { vehicleLabel } from '../drivers/vehicle-picker';
import { formatDay, formatMiles, formatUsd, overdueText } from './maintenance-format';

/* One maintenance record as a table row: overdue ones in red, with how late they are. */

function DueText({ record }: { record: MaintenanceRecord }) {
  const parts = [
    record.dueDate ? formatDay(record.dueDate) : null,
    record.dueMileage !== null ? formatMiles(record.dueMileage) : null,
  ].filter(Boolean);
  return <>{parts.join(' or ') || '—'}</>;
}

function StateBadge({ record }: { record: MaintenanceRecord }) {
  if (record.state === 'overdue') {
    return (
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:grid">
        <Badge variant="destructive">Overdue</Badge>
        <span className="whitespace-nowrap text-xs font-medium text-destructive">{overdueText(record)}</span>
      </div>
    );
  }
  if (record.state === 'completed') return <Badge variant="success">Completed</Badge>;
  return <Badge variant="secondary">Scheduled</Badge>;
}

export function MaintenanceRow({
  record,
  onComplete,
  onEdit,
  onDelete,
}: { record: MaintenanceRecord; onComplete: () => void } & RowActionHandlers) {
  const overdue = record.state === 'overdue';
  return (
    <TableRow
      data-testid="maintenance-row"
      data-state={record.state}
      className={cn(overdue && 'bg-destructive/5 hover:bg-destructive/10')}
    >
      <TableCell className={cn(overdue && 'border-l-2 border-l-destructive')}>
        <div className="max-w-48 truncate font-medium sm:max-w-64">{record.type}</div>
        <div className="max-w-48 truncate text-xs text-muted-foreground sm:max-w-64">
          {vehicleLabel(record.vehicle)}
        </div>
        <div className="mt-1 sm:hidden">
          <StateBadge record={record} />
        </div>
        <div className="text-xs text-muted-foreground md:hidden">
          {record.completedDate ? (
            `Done ${formatDay(record.completedDate)}`
          ) : (
            <>
              Due <DueText record={record} />
            </>
          )}
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">
        {record.completedDate ? (
          <span className="text-muted-foreground">Done {formatDay(record.completedDate)}</span>
        ) : (
          <DueText record={record} />
        )}
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <StateBadge record={record} />
      </TableCell>
      <TableCell className="hidden whitespace-nowrap text-right tabular-nums lg:table-cell">
        {record.cost !== null ? formatUsd(record.cost) : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="whitespace-nowrap text-right">
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
      </TableCell>
    </TableRow>
  );
}
