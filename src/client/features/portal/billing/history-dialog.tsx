import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { DialogFrame } from '@client/components/dialog-frame';
import { ListBody, type ListPage } from '@client/components/list/list-body';
import { ListPager } from '@client/components/list/list-pager';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Table, TableBody, TableHeader, TableRow } from '@client/components/ui/table';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { HISTORY_PAGE_SIZE } from '../api';

/** The billing history lists are newest first, always: the server does not sort them otherwise. */
const SORTS = ['newest'] as const;

/** The paging of a "View All" dialog: in memory (a dialog is not a place one returns to). */
export function useHistoryPaging() {
  return useListState({ sorts: SORTS, defaultSort: 'newest', pageSize: HISTORY_PAGE_SIZE, inMemory: true });
}

/**
 * A "View All" billing dialog: a server-paged list with its loading, error and empty states. Phones get
 * a list of cards (a wide table would hide its last columns off-screen), larger screens a table; `label`
 * names both.
 */
export function HistoryDialog<P extends ListPage<unknown>>({
  open,
  onOpenChange,
  title,
  description,
  paging,
  query,
  noun,
  pagerLabel,
  empty,
  label,
  cards,
  columns,
  rows,
}: DialogOpenProps & {
  title: string;
  description: string;
  paging: ReturnType<typeof useHistoryPaging>;
  query: UseQueryResult<P>;
  noun: string;
  pagerLabel: string;
  empty: { icon: LucideIcon; title: string; text: string };
  label: string;
  /** The page's items as list items, for phones. */
  cards: (page: P) => ReactNode;
  /** The table's header cells. */
  columns: ReactNode;
  /** The page's items as table rows. */
  rows: (page: P) => ReactNode;
}) {
  useKeepPageInRange(paging, query.data, query.isPlaceholderData);
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description} width="3xl">
      <ListBody
        query={query}
        noun={noun}
        isFiltered={false}
        onClearFilters={paging.clearFilters}
        empty={empty}
      >
        {(page) => (
          <div className="grid gap-4">
            <ul className="grid gap-2 sm:hidden" aria-label={label}>
              {cards(page)}
            </ul>
            {/* The table's scrolling frame hides with it, so no empty row of space is left on phones. */}
            <div className="max-sm:hidden">
              <Table aria-label={label}>
                <TableHeader>
                  <TableRow>{columns}</TableRow>
                </TableHeader>
                <TableBody>{rows(page)}</TableBody>
              </Table>
            </div>
            <ListPager
              label={pagerLabel}
              page={paging.page}
              pageSize={paging.pageSize}
              total={page.total}
              onPage={paging.setPage}
              busy={query.isFetching}
              noun={noun}
            />
          </div>
        )}
      </ListBody>
    </DialogFrame>
  );
}
