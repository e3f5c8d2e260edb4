import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '@client/components/load-failed';
import { StatTile, StatTileGrid, StatTilesSkeleton, type StatTileProps } from '@client/components/stat-tile';

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A query's three states: `skeleton` while it loads, the failure with the server's reason and Try
 * again ("{Noun} could not be loaded"), then `children(data)`.
 */
export function QueryView<T>({
  query,
  noun,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the query brings, for the failure text ("team figures"). */
  noun: string;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{skeleton}</>;
  if (query.isError) {
    return (
      <LoadFailed
        title={`${capitalised(noun)} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
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
  query: UseQueryResult<T>;
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
      {(data) => (
        <StatTileGrid columns={columns}>
          {tilesOf(data).map((tile) => (
            <StatTile key={tile.label} {...tile} />
          ))}
        </StatTileGrid>
      )}
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
