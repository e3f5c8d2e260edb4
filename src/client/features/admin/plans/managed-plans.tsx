import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { ListBody } from '@client/components/list/list-body';
import { ListFilter } from '@client/components/list/list-filter';
import { ListPager } from '@client/components/list/list-pager';
import { SearchBox } from '@client/components/list/search-box';
import { useKeepPageInRange, type ListState } from '@client/components/list/use-list-state';
import { staffPlansQuery } from './api';
import { narrowPlans, type PlanSort } from './narrow-plans';
import { PlanList, type PlanListProps } from './plan-views';

export type PlanListState = ListState<PlanSort, 'status'>;

const ALL = 'all';

/** Every plan's order for the grid, which has no column headers to click. */
const SORT_LABELS: Record<PlanSort, string> = {
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name: A to Z',
  '-name': 'Name: Z to A',
  customers: 'Customers: fewest first',
  '-customers': 'Customers: most first',
  revenue: 'Revenue: lowest first',
  '-revenue': 'Revenue: highest first',
};

/**
 * Plans Management: every plan, searched, filtered by status, sorted and paged through the list state
 * in the address, in the grid or the table.
 */
export function ManagedPlans({
  state,
  enabled,
  empty,
  emptyAction,
  ...list
}: Omit<PlanListProps, 'plans' | 'sorting'> & {
  state: PlanListState;
  enabled: boolean;
  /** What the list says when there is no plan at all, and Create Plan. */
  empty: { icon: LucideIcon; title: string; text: string };
  emptyAction: ReactNode;
}) {
  const query = useQuery({
    ...staffPlansQuery,
    enabled,
    select: (plans) => narrowPlans(plans, state.query, list.stats),
  });
  useKeepPageInRange(state, query.data, query.isPlaceholderData);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox
          value={state.search}
          onChange={state.setSearch}
          label="Search plans"
          placeholder="Search by name or id"
        />
        <ListFilter
          label="Plan status"
          value={state.filters.status || ALL}
          onChange={(status) => state.setFilter('status', status === ALL ? '' : status)}
          options={{ [ALL]: 'All statuses', active: 'Active', inactive: 'Inactive' }}
        />
        {list.view === 'grid' ? (
          <ListFilter
            label="Sort plans"
            value={state.sort}
            onChange={state.setSort}
            options={SORT_LABELS}
            className="sm:w-56"
          />
        ) : null}
      </div>
      <ListBody
        query={query}
        noun="plans"
        isFiltered={state.isFiltered}
        onClearFilters={state.clearFilters}
        empty={{ ...empty, action: emptyAction }}
      >
        {(page) => (
          <PlanList {...list} plans={page.items} sorting={{ sort: state.sort, onSort: state.setSort }} />
        )}
      </ListBody>
      {query.data && query.data.total > 0 ? (
        <ListPager
          page={state.page}
          pageSize={state.pageSize}
          total={query.data.total}
          onPage={state.setPage}
          label="Plan pages"
          noun="plans"
        />
      ) : null}
    </div>
  );
}
