/** The choices of the Settings tab's select rows (values from the contract's `customerSettings`). */

export const SESSION_TIMEOUTS = [
  { value: '30minutes', label: '30 minutes' },
  { value: '1hour', label: '1 hour' },
  { value: '2hours', label: '2 hours' },
  { value: '4hours', label: '4 hours' },
] as const;
export const DEFAULT_VIEWS = [
  { value: 'map', label: 'Map' },
  { value: 'list', label: 'List' },
  { value: 'grid', label: 'Grid' },
] as const;
export const REFRESH_INTERVALS = [
  { value: '30seconds', label: 'Every 30 seconds' },
  { value: '1minute', label: 'Every minute' },
  { value: '5minutes', label: 'Every 5 minutes' },
  { value: 'manual', label: 'Manual only' },
] as const;
export const DISTANCE_UNITS = [
  { value: 'miles', label: 'Miles' },
  { value: 'kilometers', label: 'Kilometers' },
] as const;
export const EXPORT_FORMATS = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
  { value: 'pdf', label: 'PDF' },
] as const;
export const RETENTION_PERIODS = [
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: '1 year (365 days)' },
  { value: '730', label: '2 years (730 days)' },
] as const;
