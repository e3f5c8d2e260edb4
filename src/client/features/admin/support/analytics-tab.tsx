import { useQuery } from '@tanstack/react-query';
import { BarChart3Icon } from 'lucide-react';
import {
  TICKET_CATEGORY_LABELS,
  TICKET_STATUS_LABELS,
  type SupportAnalytics,
} from '@shared/contracts/support';
import { LoadingBlock } from '@client/components/loading-block';
import { Card, CardDescription, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessageOf } from '@client/lib/api';
import { analyticsQuery } from './api';
import { formatHours } from './support-format';

/** The four headline tiles: tickets, first response, resolution, and the ones waiting over a week. */
function tilesOf(a: SupportAnalytics) {
  return [
    {
      title: 'Tickets',
      value: a.totalTickets.toLocaleString(),
      note: `${a.openTickets} open or in progress`,
    },
    {
      title: 'First response',
      value: formatHours(a.firstResponse.medianHours),
      note: `median; average ${formatHours(a.firstResponse.averageHours)} over ${a.firstResponse.count} answered`,
    },
    {
      title: 'Resolution',
      value: formatHours(a.resolution.medianHours),
      note: `median; average ${formatHours(a.resolution.averageHours)} over ${a.resolution.count} resolved`,
    },
    {
      title: 'Waiting over 7 days',
      value: String(a.openByAge.at(-1)?.count ?? 0),
      note: 'open tickets older than a week',
    },
  ];
}

/** Figures from the tickets themselves (docs/support.md "Analytics"); an honest empty state with none. */
export function AnalyticsTab() {
  const figures = useQuery(analyticsQuery);
  if (figures.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessageOf(figures.error, 'Support analytics could not be loaded.')}
      </p>
    );
  }
  const a = figures.data;
  if (!a) {
    return (
      <LoadingBlock label="Loading support analytics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </LoadingBlock>
    );
  }
  if (a.totalTickets === 0) {
    return (
      <EmptyState
        icon={BarChart3Icon}
        title="No tickets yet"
        text="Figures appear once customers open tickets from their portal."
        headingLevel="h3"
      />
    );
  }
  const tiles = tilesOf(a);
  return (
    <div className="grid gap-6" data-testid="support-analytics">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {tiles.map((tile) => (
          <Card key={tile.title} className="gap-1 p-5">
            <CardDescription>{tile.title}</CardDescription>
            <CardTitle asHeading="h3" className="text-2xl tabular-nums">
              {tile.value}
            </CardTitle>
            <p className="text-xs text-muted-foreground">{tile.note}</p>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Breakdown
          title="By category"
          rows={a.byCategory.map((c) => ({ label: TICKET_CATEGORY_LABELS[c.category], count: c.count }))}
          total={a.totalTickets}
        />
        <Breakdown
          title="By status"
          rows={a.byStatus.map((s) => ({ label: TICKET_STATUS_LABELS[s.status], count: s.count }))}
          total={a.totalTickets}
        />
        <Breakdown
          title="Open tickets by age"
          rows={a.openByAge.map((b) => ({ label: b.label, count: b.count }))}
          total={a.openTickets}
        />
      </div>
    </div>
  );
}

function Breakdown({
  title,
  rows,
  total,
}: {
  title: string;
  rows: { label: string; count: number }[];
  total: number;
}) {
  return (
    <Card className="gap-3 p-5">
      <CardTitle asHeading="h3" className="text-base">
        {title}
      </CardTitle>
      <dl className="grid gap-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1">
            <div className="flex justify-between gap-2">
              <dt>{row.label}</dt>
              <dd className="tabular-nums">{row.count}</dd>
            </div>
            <div className="h-1.5 rounded-full bg-muted" aria-hidden="true">
              <div
                className="h-1.5 rounded-full bg-primary"
                style={{ width: `${total ? Math.round((row.count / total) * 100) : 0}%` }}
              />
            </div>
          </div>
        ))}
      </dl>
    </Card>
  );
}
