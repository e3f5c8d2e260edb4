import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { DialogFrame } from '@client/components/dialog-frame';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { ListBody, type ListPage } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { HISTORY_PAGE_SIZE } from '../api';

/** The billing history lists are newest first, always: the server does not sort them otherwise. */
const SORTS = ['newest'] as const;

/** The paging of a "View All" dialog: in memory (a dialog is not a place one returns to). */
export function useHistoryPaging() {
  return useListState({ sorts: SORTS, defaultSort: 'newest', pageSize: HISTORY_PAGE_SIZE, inMemory: true });
}

/**
 * A "View All" billing dialog: a server-paged list with its loading, error and empty states, as a
 * `ColumnTable` whose priority columns give way on a phone (their values move under the row's first
 * cell); `label` names the table.
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
  columns,
  errorTitle,
}: DialogOpenProps & {
  title: string;
  description: string;
  paging: ReturnType<typeof useHistoryPaging>;
  query: UseQueryResult<P>;
  noun: string;
  pagerLabel: string;
  /** What an empty list says (its title "No <noun> yet" by default). */
  empty: { icon: LucideIcon; title?: string; text: string };
  label: string;
  /** The table's columns (with `from` for those that give way). */
  columns: readonly Column<P['items'][number]>[];
  /** The dialog's own text for a failed load, if any (else "<Noun> could not be loaded"). */
  errorTitle?: string;
}) {
  useKeepPageInRange(paging, query.data, query.isPlaceholderData);
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description} width="3xl">
      <ListBody query={query} noun={noun} empty={empty} errorTitle={errorTitle}>
        {(page) => (
          <div className="grid gap-4">
            <ColumnTable label={label} columns={columns} rows={page.items} />
            <ListStatePager state={paging} query={query} label={pagerLabel} noun={noun} />
          </div>
        )}
      </ListBody>
    </DialogFrame>
  );
}
