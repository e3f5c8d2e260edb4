import { Fragment, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SelectOption } from '@client/components/form/option-select';
import { Card } from '@client/components/ui/card';
import { ColumnTable, keyById, type ColumnTableProps } from './column-table';
import { ListFilter } from './filter-select';
import { ListBody, type ListPage } from './list-body';
import { ListCards } from './list-cards';
import { ListStatePager } from './list-pager';
import { ListToolbar } from './list-toolbar';
import { useKeepPageInRange, type ListState } from './use-list-state';

/** A filter of the list's state in its toolbar (`ListFilter`, bound by name). */
export type ListFilterSpec<F extends string> = {
  name: F;
  /** The accessible name, e.g. "Filter by status". */
  label: string;
  /** The choice that shows everything, e.g. "All statuses". */
  allLabel: string;
  options: readonly SelectOption<string>[];
  className?: string;
};

/** A status filter, in the words every list uses for it ("Filter by status", "All statuses"). */
export function statusFilter(
  options: readonly SelectOption<string>[],
  className?: string,
): ListFilterSpec<'status'> {
  return { name: 'status', label: 'Filter by status', allLabel: 'All statuses', options, className };
}

type Row<P extends ListPage<unknown>> = P['items'][number];

/** The rows as a table, from column definitions (`ColumnTable`, sorted by the list's state). */
type TableRows<T, S extends string> = Omit<ColumnTableProps<T, S>, 'rows' | 'sorting' | 'framed'> & {
  cards?: never;
};

/** The rows as cards (`ListCards`), for rows with more to say than a table row holds. */
type CardRows<T> = {
  cards: {
    /** The list's accessible name ("Customers"). */
    label: string;
    className?: string;
    /** A row's card (`ListCard`, `ExpandableListCard`). */
    card: (row: T) => ReactNode;
  };
  rowKey?: (row: T, index: number) => string | number;
  columns?: never;
};

/** What a `ListSection` takes: its state and query, the toolbar, the states' texts, the pager, and the rows. */
export type ListSectionProps<P extends ListPage<unknown>, S extends string, F extends string = never> = {
  /** The list's state (`useListState`; its `query` is the screen's to parse and send). */
  state: Omit<ListState<S, F>, 'query'>;
  query: UseQueryResult<P>;
  /** Plural noun of the rows ("drivers"), for the loading, error and no-match texts. */
  noun: string;
  toolbar?: {
    /** The search box: its accessible name ("Search drivers"), placeholder and layout. */
    search?: { label: string; placeholder: string; className?: string };
    filters?: readonly ListFilterSpec<F>[];
    /** A Clear filters button while a search or filter narrows the list. */
    clear?: boolean;
    className?: string;
    /** After the filters: other choices, the add button. */
    children?: ReactNode;
  };
  /** Between the toolbar and the rows (totals, a note on a filter). */
  aboveList?: ReactNode;
  /** What an empty list says and offers when nothing narrows it. */
  empty: Parameters<typeof ListBody>[0]['empty'];
  /**
   * An empty list says "no match" with Clear filters (default: while a search or filter of a list with a
   * toolbar narrows it); false where each filter has its own empty text.
   */
  isFiltered?: boolean;
  errorTitle?: string;
  skeletonRows?: number;
  /** `border` (default): the table's own frame; `card`: the list (and its states) on a card. */
  frame?: 'border' | 'card';
  /** The pager's accessible name ("Driver pages"), the noun after its range, its test id. */
  pager: { label: string; noun?: string | readonly [one: string, more: string]; testId?: string };
} & (TableRows<Row<P>, S> | CardRows<Row<P>>);

/**
 * A server-paged list, whole: its toolbar (search bound to the state, filters, Clear filters), the
 * loading / error / empty / no-match states (`ListBody`), the rows as a `ColumnTable` sorted by the
 * state (or, with `cards`, as `ListCards`), and the pager under it. It keeps the page in range as rows
 * go. A screen's list is its state, its query and its columns; the section adds no element of its own
 * around them.
 */
export function ListSection<P extends ListPage<unknown>, S extends string, F extends string = never>({
  state,
  query,
  noun,
  toolbar,
  aboveList,
  empty,
  isFiltered = toolbar ? state.isFiltered : false,
  errorTitle,
  skeletonRows,
  frame = 'border',
  pager,
  ...rows
}: ListSectionProps<P, S, F>) {
  useKeepPageInRange(state, query.data, query.isPlaceholderData);
  const body = (
    <ListBody
      query={query}
      noun={noun}
      isFiltered={isFiltered}
      onClearFilters={state.clearFilters}
      empty={empty}
      errorTitle={errorTitle}
      skeletonRows={skeletonRows}
    >
      {(page) =>
        rows.cards ? (
          <ListCards label={rows.cards.label} className={rows.cards.className}>
            {page.items.map((row, index) => (
              <Fragment key={(rows.rowKey ?? keyById)(row, index)}>{rows.cards.card(row)}</Fragment>
            ))}
          </ListCards>
        ) : (
          <ColumnTable<Row<P>, S>
            {...rows}
            rows={page.items}
            sorting={{ sort: state.sort, onSort: state.setSort }}
            framed={frame === 'border'}
          />
        )
      }
    </ListBody>
  );
  return (
    <>
      {toolbar ? (
        <ListToolbar
          className={toolbar.className}
          search={toolbar.search ? { state, ...toolbar.search } : undefined}
          clear={toolbar.clear ? state : undefined}
        >
          {toolbar.filters?.map((filter) => (
            <ListFilter key={filter.name} state={state} {...filter} />
          ))}
          {toolbar.children}
        </ListToolbar>
      ) : null}
      {aboveList}
      {frame === 'card' ? <Card className="overflow-hidden">{body}</Card> : body}
      <ListStatePager
        state={state}
        query={query}
        label={pager.label}
        noun={pager.noun}
        testId={pager.testId}
      />
    </>
  );
}
