import { ActivityIcon, DatabaseIcon, GaugeIcon, ServerIcon } from 'lucide-react';
import {
  HEALTH_LIMITS,
  WARN_AT,
  WARNING_SHARE,
  type InstanceHealth,
  type SystemHealth,
} from '@shared/contracts/system-health';
import { StatTileRow } from '@client/components/stat-tile-row';
import { Card } from '@client/components/ui/card';
import { Badge } from '@client/components/ui/badge';
import {
  formatBytes,
  formatCount,
  formatMs,
  formatPercent,
  formatUptime,
  StatusBadge,
} from './monitoring-format';

const warnLine = (metric: keyof typeof HEALTH_LIMITS) =>
  WARN_AT[metric] ?? HEALTH_LIMITS[metric] * WARNING_SHARE;

/** Overview: the whole system's figures, then each instance's own, labelled. */
export function OverviewView({ data }: { data: SystemHealth }) {
  const { totals, database } = data;
  return (
    <div className="space-y-6">
      <StatTileRow
        tiles={[
          {
            label: 'API requests (5 min)',
            icon: ActivityIcon,
            value: <span data-testid="health-requests-5m">{formatCount(totals.last5.requests)}</span>,
            hint: (
              <>
                {totals.last5.ratePerMinute} per minute ·{' '}
                <span data-testid="health-requests-60m">{formatCount(totals.last60.requests)}</span> in the
                last hour
              </>
            ),
          },
          {
            label: 'Error rate (5 min)',
            icon: GaugeIcon,
            value: formatPercent(totals.last5.errorRatePercent),
            hint: `5xx answers · warning from ${warnLine('errorRatePercent')}%, error from ${HEALTH_LIMITS.errorRatePercent}%`,
          },
          {
            label: 'p95 latency (5 min)',
            icon: GaugeIcon,
            value: formatMs(totals.last5.p95Ms),
            hint: `Last hour ${formatMs(totals.last60.p95Ms)} · warning from ${warnLine('p95LatencyMs')} ms`,
          },
          {
            label: 'Database',
            icon: DatabaseIcon,
            value: <span data-testid="health-db-latency">{formatMs(database.latencyMs)}</span>,
            hint: (
              <span className="inline-flex flex-wrap items-center gap-1">
                <StatusBadge status={database.status} />{' '}
                {database.driver === 'pg' ? 'PostgreSQL' : 'Embedded PGlite'} ·{' '}
                {formatBytes(database.sizeBytes)}
              </span>
            ),
          },
        ]}
      />
      <section aria-labelledby="instances-heading" className="space-y-3">
        <h2 id="instances-heading" className="text-lg font-semibold">
          Instances{' '}
          <span className="text-sm font-normal text-muted-foreground">({data.instances.length})</span>
        </h2>
        {data.instances.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No instance has reported in the last minute. Each instance reports every{' '}
            {data.reportEverySeconds || 5} seconds.
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {data.instances.map((i) => (
              <InstanceCard key={i.instanceId} instance={i} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function InstanceCard({ instance }: { instance: InstanceHealth }) {
  const v = instance.vitals;
  return (
    <Card
      className="space-y-3 p-4 sm:p-5"
      data-testid="health-instance"
      aria-label={`Instance ${instance.instanceId}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <ServerIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p className="truncate font-medium" title={instance.instanceId}>
            {instance.hostname} · pid {instance.pid}
          </p>
          {instance.current ? <Badge variant="outline">This instance</Badge> : null}
        </div>
        <StatusBadge status={instance.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <Figure
          label="Uptime"
          value={formatUptime(v.uptimeSeconds)}
          testId={instance.current ? 'health-uptime' : undefined}
        />
        <Figure label="CPU" value={formatPercent(v.cpuPercent)} />
        <Figure
          label="Memory (heap of limit)"
          value={`${formatPercent(v.memoryPercent)} · ${formatBytes(v.heapUsedBytes)}`}
          testId={instance.current ? 'health-heap' : undefined}
        />
        <Figure label="Resident memory" value={formatBytes(v.rssBytes)} />
        <Figure
          label="Event-loop delay p99 / max"
          value={`${formatMs(v.eventLoopDelayMs)} / ${formatMs(v.eventLoopDelayMaxMs)}`}
        />
        <Figure label="Database round trip" value={formatMs(v.databaseLatencyMs)} />
        <Figure label="Requests (5 min)" value={formatCount(instance.last5.requests)} />
        <Figure label="p95 (5 min)" value={formatMs(instance.last5.p95Ms)} />
        <Figure label="Errors (5 min)" value={formatCount(instance.last5.errors)} />
      </dl>
    </Card>
  );
}
