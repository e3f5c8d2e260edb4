import type { HealthStatus } from '@shared/contracts/system-health';
import { Badge } from '@client/components/ui/badge';

const STATUS_LOOK: Record<
  HealthStatus,
  { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' }
> = {
  healthy: { label: 'Healthy', variant: 'success' },
  warning: { label: 'Warning', variant: 'warning' },
  error: { label: 'Error', variant: 'destructive' },
  maintenance: { label: 'Maintenance', variant: 'secondary' },
};

/** A status word (docs/system-health.md) in its colour. */
export function StatusBadge({ status, label }: { status: HealthStatus; label?: string }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge variant={look.variant} data-status={status}>
      {label ?? look.label}
    </Badge>
  );
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

/** Whole milliseconds from 10 on, rounded down: a figure shown below a status line is below it. */
export const formatMs = (ms: number | null) =>
  ms === null ? '—' : `${ms < 10 ? ms.toFixed(1) : Math.floor(ms)} ms`;
export const formatPercent = (p: number) => `${p < 10 ? p.toFixed(1) : Math.round(p)}%`;
export const formatCount = (n: number) => n.toLocaleString('en-US');
