import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { ListBody } from '@client/components/list/list-body';
import { FilterSelect, ListFilter } from '@client/components/list/filter-select';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { useKeepPageInRange, type ListState } from '@client/components/list/use-list-state';
import { staffPlansQuery } from '@client/lib/staff-plans';
import { narrowPlans, type PlanSort } from './narrow-plans';
import { PlanList, type PlanListProps } from './plan-views';

export type PlanListState = ListState<PlanSort, 'status'>;

/** Every plan's order for the grid, which has no column headers to click. */
const SORT_OPTIONS: readonly { value: PlanSort; label: string }[] = [
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
  { value: 'name', label: 'Name: A to Z' },
  { value: '-name', label: 'Name: Z to A' },
  { value: 'customers', label: 'Customers: fewest first' },
  { value: '-customers', label: 'Customers: most first' },
  { value: 'revenue', label: 'Revenue: lowest first' },
  { value: '-revenue', label: 'Revenue: highest first' },
];

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

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
      <ListToolbar search={{ state, label: 'Search plans', placeholder: 'Search by name or id' }}>
        <ListFilter
          state={state}
          name="status"
          label="Plan status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          className="sm:w-48"
        />
        {list.view === 'grid' ? (
          <FilterSelect
            label="Sort plans"
            value={state.sort}
            onChange={(sort) => sort && state.setSort(sort)}
            options={SORT_OPTIONS}
            className="sm:w-56"
          />
        ) : null}
      </ListToolbar>
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
      {/* The plans are paged in the browser: there is no next page to wait for. */}
      <ListStatePager state={state} query={query} busy={false} label="Plan pages" noun="plans" />
    </div>
  );
}
