import type { ReactNode } from 'react';
import { XIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { SearchBox } from './search-box';
import type { ListState } from './use-list-state';

/**
 * The row above a list: its search box, bound to the list's state, then its filters, choices and
 * actions; side by side from `sm` up, stacked on phones. `clear`: a Clear filters button after them
 * while a search or filter narrows the list.
 */
export function ListToolbar({
  search,
  clear,
  className,
  children,
}: {
  search?: {
    state: Pick<ListState<string, string>, 'search' | 'setSearch'>;
    /** The accessible name, e.g. "Search vehicles". */
    label: string;
    placeholder: string;
    /** The box's layout among many filters (a line of its own until they fit beside it). */
    className?: string;
  };
  clear?: Pick<ListState<string, string>, 'isFiltered' | 'clearFilters'>;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row sm:items-center', className)}>
      {search ? (
        <SearchBox
          value={search.state.search}
          onChange={search.state.setSearch}
          label={search.label}
          placeholder={search.placeholder}
          className={search.className}
        />
      ) : null}
      {children}
      {clear?.isFiltered ? (
        <Button variant="ghost" onClick={clear.clearFilters}>
          <XIcon aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
