import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { LoadFailed } from '@client/components/load-failed';
import { StatTile, StatTilesSkeleton, type StatTileProps } from '@client/components/stat-tile';
import { StatTileRow } from '@client/components/stat-tile-row';

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** What QueryView reads of a query: one `useQuery` result, or several read together (`bothQueries`). */
export type QueryState<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
};

/**
 * Two queries a screen needs together, as one: pending while either is, failed while either failed
 * (Try again fetches the failed ones), then both answers.
 */
export function bothQueries<A, B>(a: UseQueryResult<A>, b: UseQueryResult<B>): QueryState<[A, B]> {
  return {
    isPending: a.isPending || b.isPending,
    isError: a.isError || b.isError,
    isFetching: a.isFetching || b.isFetching,
    error: a.error ?? b.error,
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    refetch: () => {
      if (a.isError) void a.refetch();
      if (b.isError) void b.refetch();
    },
  };
}

/**
 * A query's three states: `skeleton` while it loads, the failure with the server's reason and Try
 * again ("{Noun} could not be loaded", or `failure.title`), then `children(data)`.
 */
export function QueryView<T>({
  query,
  noun,
  skeleton,
  failure,
  children,
}: {
  query: QueryState<T>;
  /** What the query brings, for the failure text ("team figures"). */
  noun: string;
  skeleton: ReactNode;
  /** The failure's own title (from the error: a refusal reads differently from an outage), icon, spacing. */
  failure?: { title?: (error: unknown) => string; icon?: LucideIcon; className?: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{skeleton}</>;
  if (query.isError || query.data === undefined) {
    return (
      <LoadFailed
        title={failure?.title?.(query.error) ?? `${capitalised(noun)} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        icon={failure?.icon}
        className={failure?.className}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** A screen's summary tiles from one query: their skeleton, the failure, then one `StatTile` each. */
export function QueryStatTiles<T>({
  query,
  noun,
  tilesOf,
  columns = 4,
}: {
  query: QueryState<T>;
  noun: string;
  tilesOf: (data: T) => StatTileProps[];
  /** Tiles a row on wide screens (three figures fill a row of three). */
  columns?: 3 | 4;
}) {
  return (
    <QueryView
      query={query}
      noun={noun}
      skeleton={<StatTilesSkeleton label={`Loading ${noun}`} count={columns} columns={columns} />}
    >
      {(data) => <StatTileRow columns={columns} tiles={tilesOf(data)} />}
    </QueryView>
  );
}

/**
 * One summary tile from one query, for a row whose figures come from different calls: each shows its
 * own loading and its own failure (a tile-sized `QueryView`), so one failed call leaves the others.
 */
export function QueryStatTile<T>({
  query,
  noun,
  tileOf,
}: {
  query: UseQueryResult<T>;
  noun: string;
  tileOf: (data: T) => StatTileProps;
}) {
  return (
    <QueryView
      query={query}
      noun={noun}
      skeleton={<StatTilesSkeleton label={`Loading ${noun}`} count={1} columns={3} />}
    >
      {(data) => <StatTile {...tileOf(data)} />}
    </QueryView>
  );
}
