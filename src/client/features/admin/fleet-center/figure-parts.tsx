import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { InfoIcon } from 'lucide-react';
import { QueryView } from '@client/components/query-view';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { relativeTime } from '@client/lib/relative-time';
import { useNow } from '@client/lib/use-now';

/** A titled card of one sub-tab: a list or a breakdown under the tiles. */
export function SectionCard({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader className="px-4 pb-3 sm:px-6">
        <CardTitle asHeading="h3" className="text-base">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

/** A plain line saying what is not shown and why (no fuel data, no telemetry). */
export function HonestNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** The empty line inside a card's list. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="py-2 text-sm text-muted-foreground">{children}</p>;
}

/** When the figures on screen were computed on the server. */
export function GeneratedAt({ iso }: { iso: string }) {
  const now = useNow();
  return (
    <p className="text-xs text-muted-foreground">
      Figures computed <time dateTime={iso}>{relativeTime(iso, now).toLowerCase()}</time> from the customers'
      own records.
    </p>
  );
}

/**
 * A sub-tab's states: the skeleton (tiles and two cards) while it loads, the failure with Try again,
 * then its figures.
 */
export function FigureView<T>({
  query,
  noun,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the sub-tab shows, for the loading and failure texts ("fleet analytics"). */
  noun: string;
  children: (data: T) => ReactNode;
}) {
  const skeleton = (
    <div className="space-y-6">
      <StatTilesSkeleton label={`Loading ${noun}`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </div>
  );
  return (
    <QueryView query={query} noun={noun} skeleton={skeleton}>
      {children}
    </QueryView>
  );
}
