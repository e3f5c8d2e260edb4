import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { SearchIcon, XIcon, type LucideIcon } from 'lucide-react';
import { LoadFailed } from '@client/components/load-failed';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeletons } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';

export type ListPage<T> = { items: T[]; total: number };

/** Rows of grey while the first page loads, announced once. */
export function ListSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div className="grid gap-2 p-4" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeletons count={rows} className="h-10" />
    </div>
  );
}

/**
 * The states every list goes through: skeleton on the first load, an error with Try again, an empty list
 * with its next step, "no match" with Clear filters when a search or filter left nothing, and otherwise
 * the rows, dimmed while the next page loads over the last one.
 */
export function ListBody<T, P extends ListPage<T>>({
  query,
  noun,
  isFiltered = false,
  onClearFilters,
  empty,
  skeletonRows,
  errorTitle,
  children,
}: {
  query: UseQueryResult<P>;
  /** Plural noun of the rows ("vehicles"), for the loading, error and no-match texts. */
  noun: string;
  /** A search or filter narrows the list (a list without them leaves both out). */
  isFiltered?: boolean;
  onClearFilters?: () => void;
  /** What an empty list says and offers when nothing narrows it; its title "No <noun> yet" by default. */
  empty: {
    icon: LucideIcon;
    title?: string;
    text: ReactNode;
    action?: ReactNode;
    headingLevel?: 'h2' | 'h3' | 'h4';
  };
  /** Grey rows while the first page loads: as many as the page shows. */
  skeletonRows?: number;
  /** What a failed load says, where the list has its own text; "<Noun> could not be loaded" otherwise. */
  errorTitle?: string;
  children: (page: P) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={`Loading ${noun}`} rows={skeletonRows} />;
  if (query.isError) {
    return (
      <LoadFailed
        className="m-4"
        title={errorTitle ?? `${capitalise(noun)} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.total === 0) {
    return isFiltered && onClearFilters ? (
      <EmptyState
        className="m-4"
        icon={SearchIcon}
        title={`No ${noun} match`}
        text="Try another search or filter."
        action={
          <Button variant="outline" onClick={onClearFilters}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState className="m-4" {...empty} title={empty.title ?? `No ${noun} yet`} />
    );
  }
  return (
    <div
      className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}
      aria-busy={query.isFetching}
    >
      {children(query.data)}
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
