import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { ListBody, type ListPage } from '@client/components/list/list-body';
import { ListPager } from '@client/components/list/list-pager';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { HISTORY_PAGE_SIZE } from '../api';

/** The billing history lists are newest first, always: the server does not sort them otherwise. */
const SORTS = ['newest'] as const;

/** The paging of a "View All" dialog: in memory (a dialog is not a place one returns to). */
export function useHistoryPaging() {
  return useListState({ sorts: SORTS, defaultSort: 'newest', pageSize: HISTORY_PAGE_SIZE, inMemory: true });
}

/** A "View All" billing dialog: a server-paged list with its loading, error and empty states. */
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
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  paging: ReturnType<typeof useHistoryPaging>;
  query: UseQueryResult<P>;
  noun: string;
  pagerLabel: string;
  empty: { icon: LucideIcon; title: string; text: string };
  children: (page: P) => ReactNode;
}) {
  useKeepPageInRange(paging, query.data, query.isPlaceholderData);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <ListBody
          query={query}
          noun={noun}
          isFiltered={false}
          onClearFilters={paging.clearFilters}
          empty={empty}
        >
          {(page) => (
            <div className="grid gap-4">
              {children(page)}
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
      </DialogContent>
    </Dialog>
  );
}
