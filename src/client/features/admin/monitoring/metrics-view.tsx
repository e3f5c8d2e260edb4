import { ActivityIcon } from 'lucide-react';
import type { SystemHealth, WindowStats } from '@shared/contracts/system-health';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListTable } from '@client/components/list/list-table';
import { EmptyState } from '@client/components/ui/empty-state';
import { TableRow } from '@client/components/ui/table';
import { formatCount, formatMs, formatPercent, StatusBadge } from './monitoring-format';

const summary = (w: WindowStats) =>
  `${formatCount(w.requests)} req · ${w.ratePerMinute}/min · ${formatPercent(w.errorRatePercent)} errors · p95 ${formatMs(w.p95Ms)}`;

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
    <section aria-labelledby="metrics-heading" className="space-y-3">
      <div className="space-y-1">
        <h2 id="metrics-heading" className="text-lg font-semibold">
          API by route group
        </h2>
        <p className="text-sm text-muted-foreground">
          Requests, 5xx error rate and p95 latency (to the latency bucket), every instance together.
        </p>
      </div>
      <ListTable
        label="API route groups"
        actions={false}
        head={
          <>
            <ListHead>Route group</ListHead>
            <ListHead className="text-right">Requests (5 min)</ListHead>
            <ListHead from="xl" className="text-right">
              Errors (5 min)
            </ListHead>
            <ListHead from="md" className="text-right">
              p95 (5 min)
            </ListHead>
            <ListHead from="4xl" className="text-right">
              Requests (60 min)
            </ListHead>
            <ListHead from="5xl" className="text-right">
              p95 (60 min)
            </ListHead>
          </>
        }
      >
        {data.routeGroups.map((g) => (
          <TableRow key={g.group} data-testid="health-route-group" data-group={g.group}>
            <ListCell>
              <span className="inline-flex flex-wrap items-center gap-2">
                <code className="text-sm">/api/{g.group}</code>
                <StatusBadge status={g.status} />
              </span>
              <NarrowDetails until="5xl">
                <NarrowItem until="xl">5 min: {summary(g.last5)}</NarrowItem>
                <NarrowItem until="4xl">60 min: {summary(g.last60)}</NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell className="text-right tabular-nums">
              {formatCount(g.last5.requests)}
              <span className="block text-xs text-muted-foreground">{g.last5.ratePerMinute}/min</span>
            </ListCell>
            <ListCell from="xl" className="text-right tabular-nums">
              {formatPercent(g.last5.errorRatePercent)}
            </ListCell>
            <ListCell from="md" className="text-right tabular-nums">
              {formatMs(g.last5.p95Ms)}
            </ListCell>
            <ListCell from="4xl" className="text-right tabular-nums">
              {formatCount(g.last60.requests)}
            </ListCell>
            <ListCell from="5xl" className="text-right tabular-nums">
              {formatMs(g.last60.p95Ms)}
            </ListCell>
          </TableRow>
        ))}
      </ListTable>
    </section>
  );
}
