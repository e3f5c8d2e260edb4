import type { Driver } from '@shared/contracts/fleet';
import type { Column } from '@client/components/list/columns';
import { Badge } from '@client/components/ui/badge';
import { DRIVER_STATUS_BADGE, DRIVER_STATUS_LABELS } from './driver-status';
import { vehicleLabel } from './vehicle-label';

/** The drivers list's columns: the name and email lead, then phone, license, status and vehicle. */
export const DRIVER_COLUMNS: readonly Column<Driver>[] = [
  {
    key: 'name',
    label: 'Name',
    sort: 'name',
    cell: (d) => (
      <>
        <div className="max-w-48 truncate font-medium sm:max-w-56">{d.name}</div>
        <div className="max-w-48 truncate text-xs text-muted-foreground sm:max-w-56">{d.email}</div>
      </>
    ),
  },
  {
    key: 'phone',
    label: 'Phone',
    from: '2xl',
    cellClassName: 'whitespace-nowrap',
    cell: (d) => d.phone ?? <span className="text-muted-foreground">—</span>,
    narrow: (d) => d.phone,
  },
  {
    key: 'license',
    label: 'License',
    from: '3xl',
    cellClassName: 'whitespace-nowrap font-mono text-xs',
    cell: (d) => d.licenseNumber,
    narrowClassName: 'font-mono',
  },
  {
    key: 'status',
    label: 'Status',
    from: 'md',
    cell: (d) => <Badge variant={DRIVER_STATUS_BADGE[d.status]}>{DRIVER_STATUS_LABELS[d.status]}</Badge>,
  },
  {
    key: 'vehicle',
    label: 'Vehicle',
    from: 'lg',
    cellClassName: 'max-w-64',
    cell: (d) =>
      d.assignedVehicle ? (
        <span className="block truncate">{vehicleLabel(d.assignedVehicle)}</span>
      ) : (
        <span className="text-muted-foreground">No vehicle</span>
      ),
    narrow: (d) => (
      <span className="truncate">{d.assignedVehicle ? vehicleLabel(d.assignedVehicle) : 'No vehicle'}</span>
    ),
    narrowClassName: 'max-w-48',
  },
];
