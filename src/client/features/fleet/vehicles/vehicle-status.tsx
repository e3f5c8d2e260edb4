import { VEHICLE_STATUSES, type VehicleStatus } from '@shared/statuses';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';

export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = {
  active: 'Active',
  maintenance: 'Maintenance',
  inactive: 'Inactive',
  retired: 'Retired',
};

export const VEHICLE_STATUS_OPTIONS = VEHICLE_STATUSES.map((s) => ({
  value: s,
  label: VEHICLE_STATUS_LABELS[s],
}));

/** Active green, maintenance amber, inactive grey, retired muted: the colours the overview uses too. */
export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  if (status === 'active') return <Badge variant="success">{VEHICLE_STATUS_LABELS.active}</Badge>;
  if (status === 'maintenance') return <Badge variant="warning">{VEHICLE_STATUS_LABELS.maintenance}</Badge>;
  if (status === 'inactive') return <Badge variant="secondary">{VEHICLE_STATUS_LABELS.inactive}</Badge>;
  return (
    <Badge variant="outline" className="border-dashed text-muted-foreground">
      {VEHICLE_STATUS_LABELS.retired}
    </Badge>
  );
}

/** Fuel level as a small bar with its figure; low fuel turns amber, nearly empty red. */
export function FuelBar({ level, className }: { level: number; className?: string }) {
  const tone = level <= 10 ? 'bg-destructive' : level <= 25 ? 'bg-warning' : 'bg-success';
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <div
        className="h-1.5 w-14 overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={`Fuel ${level}%`}
      >
        <div className={cn('h-full', tone)} style={{ width: `${Math.max(0, Math.min(100, level))}%` }} />
      </div>
      <span className="text-xs tabular-nums text-muted-foreground" aria-hidden="true">
        {level}%
      </span>
    </div>
  );
}
