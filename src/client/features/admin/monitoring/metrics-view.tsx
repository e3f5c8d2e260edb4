import { ActivityIcon } from 'lucide-react';
import type { SystemHealth, WindowStats } from '@shared/contracts/system-health';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { EmptyState } from '@client/components/ui/empty-state';
import { formatCount, formatMs, formatPercent, StatusBadge } from './monitoring-format';
import { HeadedSection } from '@client/components/section-heading';

const summary = (w: WindowStats) =>
  `${formatCount(w.requests)} req · ${w.ratePerMinute}/min · ${formatPercent(w.errorRatePercent)} errors · p95 ${formatMs(w.p95Ms)}`;

const ROUTE_GROUP_COLUMNS: readonly Column<SystemHealth['routeGroups'][number]>[] = [
  {
    key: 'group',
    label: 'Route group',
    cell: (g) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <code className="text-sm">/api/{g.group}</code>
        <StatusBadge status={g.status} />
      </span>
    ),
  },
  {
    key: 'requests5',
    label: 'Requests (5 min)',
    numeric: true,
    cell: (g) => (
      <>
        {formatCount(g.last5.requests)}
        <span className="block text-xs text-muted-foreground">{g.last5.ratePerMinute}/min</span>
      </>
    ),
  },
  // Until the 5-minute figures all show, the narrow detail sums them up in one line (and likewise the 60).
  {
    key: 'errors5',
    label: 'Errors (5 min)',
    from: 'xl',
    numeric: true,
    cell: (g) => formatPercent(g.last5.errorRatePercent),
    narrow: (g) => summary(g.last5),
    narrowLabel: '5 min:',
  },
  {
    key: 'p95_5',
    label: 'p95 (5 min)',
    from: 'md',
    numeric: true,
    cell: (g) => formatMs(g.last5.p95Ms),
    narrow: false,
  },
  {
    key: 'requests60',
    label: 'Requests (60 min)',
    from: '4xl',
    numeric: true,
    cell: (g) => formatCount(g.last60.requests),
    narrow: (g) => summary(g.last60),
    narrowLabel: '60 min:',
  },
  {
    key: 'p95_60',
    label: 'p95 (60 min)',
    from: '5xl',
    numeric: true,
    cell: (g) => formatMs(g.last60.p95Ms),
    narrow: false,
  },
];

/** Metrics: API requests per route group over the last 5 and 60 minutes, all instances together. */
export function MetricsView({ data }: { data: SystemHealth }) {
  if (data.routeGroups.length === 0) {
    return (
      <EmptyState
        icon={ActivityIcon}
        title="No API requests in the last hour"
        text="Route groups appear here as soon as an instance has counted requests and reported them."
      />
    );
  }
  return (
    <HeadedSection
      id="metrics-heading"
      title="API by route group"
      description="Requests, 5xx error rate and p95 latency (to the latency bucket), every instance together."
      className="space-y-3"
    >
      <ColumnTable
        label="API route groups"
        columns={ROUTE_GROUP_COLUMNS}
        rows={data.routeGroups}
        rowKey={(g) => g.group}
        rowProps={(g) => ({ 'data-testid': 'health-route-group', 'data-group': g.group })}
      />
    </HeadedSection>
  );
}
