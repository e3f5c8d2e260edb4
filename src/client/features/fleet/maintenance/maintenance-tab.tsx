import { useState } from 'react';
import { CircleCheckIcon, PlusIcon, RotateCwIcon, WrenchIcon } from 'lucide-react';
import type { MaintenanceRecord } from '@shared/contracts/fleet';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { ConfirmDialog } from '../drivers/confirm-dialog';
import { ListPager } from '../drivers/list-pager';
import { RowActions } from '../drivers/row-actions';
import { vehicleLabel, VehiclePicker, type PickedVehicle } from '../drivers/vehicle-picker';
import { PEOPLE_PAGE_SIZE, useDeleteMaintenance, useMaintenance, type MaintenanceState } from '../people-api';
import { CompleteDialog } from './complete-dialog';
import { MaintenanceDialog } from './maintenance-dialog';
import { formatDay, formatMiles, formatUsd, overdueText } from './maintenance-format';

type Filter = MaintenanceState | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'completed', label: 'Completed' },
  { value: 'all', label: 'All' },
];

const EMPTY_TEXT: Record<Filter, string> = {
  overdue: 'Nothing is overdue.',
  scheduled: 'No service is scheduled.',
  completed: 'No service has been completed yet.',
  all: 'No maintenance yet.',
};

type Dialog =
  | { kind: 'edit'; record: MaintenanceRecord | null; key: number }
  | { kind: 'complete'; record: MaintenanceRecord; key: number }
  | { kind: 'delete'; record: MaintenanceRecord };

/** The Maintenance tab: scheduled and completed services, overdue ones first to the eye. */
export default function MaintenanceTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [page, setPage] = useState(1);
  const records = useMaintenance({
    page,
    state: filter === 'all' ? undefined : filter,
    vehicleId: vehicle?.id,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeleteMaintenance();

  const schedule = () => setDialog({ kind: 'edit', record: null, key: Date.now() });
  const close = (open: boolean) => !open && setDialog(null);
  const deleting = dialog?.kind === 'delete' ? dialog.record : null;

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({
        title: 'Maintenance deleted',
        description: `${deleting.type} was removed.`,
        variant: 'success',
      });
      setDialog(null);
    } catch (error) {
      toast({
        title: 'Maintenance not deleted',
        description: errorMessageOf(error, 'The record could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle asHeading="h3">Maintenance</CardTitle>
          <CardDescription>Scheduled and completed services. Overdue ones are marked in red.</CardDescription>
        </div>
        <Button onClick={schedule} className="w-full sm:w-auto">
          <PlusIcon aria-hidden="true" />
          Schedule maintenance
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div role="group" aria-label="Show" className="flex flex-wrap gap-1.5">
            {FILTERS.map((f) => (
              <Button
                key={f.value}
                size="sm"
                variant={filter === f.value ? 'default' : 'outline'}
                aria-pressed={filter === f.value}
                className="rounded-full"
                onClick={() => {
                  setFilter(f.value);
                  setPage(1);
                }}
              >
                {f.label}
              </Button>
            ))}
          </div>
          <div className="sm:w-72">
            <VehiclePicker
              aria-label="Filter by vehicle"
              value={vehicle}
              onChange={(v) => {
                setVehicle(v);
                setPage(1);
              }}
              allowNone
              noneLabel="All vehicles"
            />
          </div>
        </div>

        {records.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only" role="status">
              Loading
            </span>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-12 rounded-md" />
            ))}
          </div>
        ) : records.isError ? (
          <EmptyState
            icon={WrenchIcon}
            title="The maintenance could not be loaded"
            text={errorMessageOf(records.error, 'Please try again.')}
            action={
              <Button variant="outline" onClick={() => void records.refetch()} disabled={records.isFetching}>
                <RotateCwIcon aria-hidden="true" />
                Try again
              </Button>
            }
          />
        ) : records.data.total === 0 ? (
          <EmptyState
            icon={WrenchIcon}
            title={vehicle ? `${EMPTY_TEXT[filter]} (${vehicle.label})` : EMPTY_TEXT[filter]}
            text={
              filter === 'all' && !vehicle
                ? 'Schedule oil changes, inspections and other services by date or mileage; overdue ones show here in red.'
                : undefined
            }
            action={
              <Button onClick={schedule}>
                <PlusIcon aria-hidden="true" />
                Schedule maintenance
              </Button>
            }
          />
        ) : (
          <>
            <div className="overflow-x-auto rounded-md border" aria-busy={records.isPlaceholderData}>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Service</TableHead>
                    <TableHead className="hidden md:table-cell">Due</TableHead>
                    <TableHead className="hidden sm:table-cell">State</TableHead>
                    <TableHead className="hidden text-right lg:table-cell">Cost</TableHead>
                    <TableHead className="w-px text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody className={records.isPlaceholderData ? 'opacity-60' : undefined}>
                  {records.data.items.map((r) => (
                    <MaintenanceRow
                      key={r.id}
                      record={r}
                      onComplete={() => setDialog({ kind: 'complete', record: r, key: Date.now() })}
                      onEdit={() => setDialog({ kind: 'edit', record: r, key: Date.now() })}
                      onDelete={() => setDialog({ kind: 'delete', record: r })}
                    />
                  ))}
                </TableBody>
              </Table>
            </div>
            <ListPager
              page={page}
              pageSize={PEOPLE_PAGE_SIZE}
              total={records.data.total}
              onPage={setPage}
              busy={records.isFetching}
              label="Maintenance pages"
              noun={records.data.total === 1 ? 'record' : 'records'}
            />
          </>
        )}
      </CardContent>

      {dialog?.kind === 'edit' ? (
        <MaintenanceDialog
          key={dialog.key}
          record={dialog.record}
          vehicle={vehicle}
          open
          onOpenChange={close}
        />
      ) : null}
      {dialog?.kind === 'complete' ? (
        <CompleteDialog key={dialog.key} record={dialog.record} open onOpenChange={close} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={close}
        title={`Delete ${deleting?.type ?? 'maintenance'}?`}
        description={
          deleting
            ? `The record for ${vehicleLabel(deleting.vehicle)} is removed. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete record"
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </Card>
  );
}

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

function MaintenanceRow({
  record,
  onComplete,
  onEdit,
  onDelete,
}: {
  record: MaintenanceRecord;
  onComplete: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
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
