import { DRIVER_STATUSES, type DriverStatus } from '@shared/statuses';

export const DRIVER_STATUS_LABELS: Record<DriverStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  on_leave: 'On leave',
};

export const DRIVER_STATUS_OPTIONS = DRIVER_STATUSES.map((s) => ({
  value: s,
  label: DRIVER_STATUS_LABELS[s],
}));

export const DRIVER_STATUS_BADGE: Record<DriverStatus, 'success' | 'secondary' | 'warning'> = {
  active: 'success',
  inactive: 'secondary',
  on_leave: 'warning',
};
