import { CircleCheckIcon } from 'lucide-react';
import type { MaintenanceRecord } from '@shared/contracts/fleet';
import { ListCell, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { RowActions, type RowActionHandlers } from '@client/components/list/row-actions';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TableRow } from '@client/components/ui/table';
import { cn } from '@client/lib/cn';
import { formatMoney } from '@client/lib/format';
import { vehicleLabel } from '../drivers/vehicle-picker';
import { useDistance } from '../shell/distance-unit';
import { formatDay, overdueText } from './maintenance-format';

/*
 * One maintenance record as a table row: overdue ones in red, with how late they are. Due, state and
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

export function MaintenanceRow({
  record,
  onComplete,
  onEdit,
  onDelete,
}: { record: MaintenanceRecord; onComplete: () => void } & RowActionHandlers) {
  const overdue = record.state === 'overdue';
  const due = record.completedDate ? (
    <span className="text-muted-foreground">Done {formatDay(record.completedDate)}</span>
  ) : (
    <DueText record={record} />
  );
  const cost =
    record.cost !== null ? formatMoney(record.cost) : <span className="text-muted-foreground">—</span>;
  return (
    <TableRow
      data-testid="maintenance-row"
      data-state={record.state}
      className={cn(overdue && 'bg-destructive/5 hover:bg-destructive/10')}
    >
      <ListCell className={cn(overdue && 'border-l-2 border-l-destructive')}>
        <div className="max-w-48 truncate font-medium sm:max-w-64">{record.type}</div>
        <div className="max-w-48 truncate text-xs text-muted-foreground sm:max-w-64">
          {vehicleLabel(record.vehicle)}
        </div>
        <NarrowDetails until="3xl">
          <NarrowItem until="md">
            <StateBadge record={record} />
          </NarrowItem>
          <NarrowItem until="2xl">
            {record.completedDate ? (
              due
            ) : (
              <span>
                Due <DueText record={record} />
              </span>
            )}
          </NarrowItem>
          {record.cost !== null ? (
            <NarrowItem until="3xl" className="tabular-nums">
              {formatMoney(record.cost)}
            </NarrowItem>
          ) : null}
        </NarrowDetails>
      </ListCell>
      <ListCell from="2xl" className="whitespace-nowrap">
        {due}
      </ListCell>
      <ListCell from="md">
        <StateBadge record={record} />
      </ListCell>
      <ListCell from="3xl" className="whitespace-nowrap text-right tabular-nums">
        {cost}
      </ListCell>
      <ListCell className="whitespace-nowrap text-right">
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
      </ListCell>
    </TableRow>
  );
}
