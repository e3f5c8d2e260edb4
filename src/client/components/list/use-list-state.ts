import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * The state of a server-paged list: page, page size, search, sort and filters. In the address by
 * default, so the back button, reloads and bookmarks bring the same rows back; `inMemory` for lists in
 * dialogs, which are not a place one returns to. Lists that share an address (tabs of one screen) give
 * each a `scope`, which prefixes its parameters (`drivers.q`, `drivers.page`).
 */
export type ListStateOptions<Sort extends string, Filter extends string> = {
  sorts: readonly Sort[];
  defaultSort: Sort;
  /**
   * Each filter's allowed values (or a test for values that cannot be listed, such as ids); anything
   * else in the address counts as no filter.
   */
  filters?: Record<Filter, readonly string[] | ((value: string) => boolean)>;
  pageSize: number;
  /** Page sizes a person may choose (the first is not special; `pageSize` is the default). */
  pageSizes?: readonly number[];
  scope?: string;
  inMemory?: boolean;
};

export type ListState<Sort extends string, Filter extends string> = {
  page: number;
  pageSize: number;
  search: string;
  sort: Sort;
  filters: Record<Filter, string>;
  /** True when a search or filter narrows the list (an empty list then says "no match", not "none yet"). */
  isFiltered: boolean;
  /** What the list's query takes: `{page, pageSize, search?, sort, ...filters}` without empty values. */
  query: { page: number; pageSize: number; sort: Sort; search?: string } & Partial<Record<Filter, string>>;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPageSize: (pageSize: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: Sort) => void;
  setFilter: (name: Filter, value: string) => void;
  clearFilters: () => void;
};

/** The longest search text kept from an address (the server refuses longer ones). */
const MAX_SEARCH = 100;

type Changes = Record<string, string | number | null>;

/** Parameters in the address, or in memory: one small store with the address's get/set shape. */
function useParamStore(inMemory: boolean) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [memory, setMemory] = useState(() => new URLSearchParams());
  const params = useMemo(() => (inMemory ? memory : new URLSearchParams(search)), [inMemory, memory, search]);
  const update = useCallback(
    (changes: Changes, replace: boolean) => {
      const next = new URLSearchParams(inMemory ? memory : search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (inMemory) {
        setMemory(next);
        return;
      }
      const qs = next.toString();
      navigate(qs ? `${path}?${qs}` : path, { replace });
    },
    [inMemory, memory, search, path, navigate],
  );
  return { params, update };
}

export function useListState<Sort extends string, Filter extends string = never>(
  options: ListStateOptions<Sort, Filter>,
): ListState<Sort, Filter> {
  const { sorts, defaultSort, pageSize: defaultPageSize, pageSizes = [], scope, inMemory = false } = options;
  const filterValues = (options.filters ?? {}) as Record<
    Filter,
    readonly string[] | ((value: string) => boolean)
  >;
  const { params, update } = useParamStore(inMemory);
  const name = (key: string) => (scope ? `${scope}.${key}` : key);

  const rawSort = params.get(name('sort'));
  const sort = (sorts as readonly (string | null)[]).includes(rawSort) ? (rawSort as Sort) : defaultSort;
  const rawPage = Number(params.get(name('page')));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const rawSize = Number(params.get(name('pageSize')));
  const pageSize = pageSizes.includes(rawSize) ? rawSize : defaultPageSize;
  const search = (params.get(name('q')) ?? '').trim().slice(0, MAX_SEARCH);
  const filters = {} as Record<Filter, string>;
  for (const key of Object.keys(filterValues) as Filter[]) {
    const value = params.get(name(key));
    const allowed = filterValues[key];
    const ok = value !== null && (typeof allowed === 'function' ? allowed(value) : allowed.includes(value));
    filters[key] = ok ? value : '';
  }
  const isFiltered = search !== '' || Object.values<string>(filters).some((v) => v !== '');

  const query = { page, pageSize, sort } as ListState<Sort, Filter>['query'];
  if (search) query.search = search;
  for (const key of Object.keys(filters) as Filter[]) if (filters[key]) query[key] = filters[key] as never;

  // A new search, filter, sort or page size starts again on page 1.
  const restart = (changes: Changes, replace = false) =>
    update({ ...changes, [name('page')]: null }, replace);

  return {
    page,
    pageSize,
    search,
    sort,
    filters,
    isFiltered,
    query,
    setPage: (next, { replace = false } = {}) => update({ [name('page')]: next > 1 ? next : null }, replace),
    setPageSize: (next) => restart({ [name('pageSize')]: next === defaultPageSize ? null : next }),
    // Typing is noise in the history: the address is replaced, not pushed.
    setSearch: (next) => restart({ [name('q')]: next.trim() }, true),
    setSort: (next) => restart({ [name('sort')]: next === defaultSort ? null : next }),
    setFilter: (key, value) => restart({ [name(key)]: value }),
    clearFilters: () =>
      restart({ [name('q')]: null, ...Object.fromEntries(Object.keys(filters).map((k) => [name(k), null])) }),
  };
}

/**
 * Paging past the end (after deletes, or a narrower filter elsewhere) goes back to the last page, in
 * place of the address's page, once the server has said how many rows there are.
 */
export function useKeepPageInRange(
  state: Pick<ListState<string, string>, 'page' | 'pageSize' | 'setPage'>,
  answer: { total: number; totalCapped?: boolean } | undefined,
  isPlaceholderData: boolean,
): void {
  // A count that stopped at its cap is no end: the pages past it are real.
  const total = answer?.totalCapped ? undefined : answer?.total;
  const { page, pageSize, setPage } = state;
  useEffect(() => {
    if (total === undefined || isPlaceholderData) return;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (page > pages) setPage(pages, { replace: true });
  }, [total, page, pageSize, isPlaceholderData, setPage]);
}
