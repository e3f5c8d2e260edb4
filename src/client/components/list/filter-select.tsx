import { OptionSelect, type SelectOption } from '@client/components/form/option-select';
import { cn } from '@client/lib/cn';

const ALL = '__all__';

/**
 * A list's choice among fixed values: a filter (with `allLabel`, an "All …" choice whose value is '',
 * as `useListState` keeps "no filter") or an order for a view without column headers.
 */
export function FilterSelect<V extends string>({
  value,
  onChange,
  label,
  allLabel,
  options,
  className,
}: {
  value: V | '';
  onChange: (next: V | '') => void;
  /** The accessible name, e.g. "Filter by status". */
  label: string;
  /** The choice that shows everything, e.g. "All statuses"; none for a choice that is always set. */
  allLabel?: string;
  options: readonly SelectOption<V>[];
  className?: string;
}) {
  return (
    <OptionSelect<V | typeof ALL>
      value={value || (allLabel ? ALL : '')}
      onChange={(next) => onChange(next === ALL ? '' : next)}
      options={allLabel ? [{ value: ALL, label: allLabel }, ...options] : options}
      trigger={{ className: cn('w-full sm:w-44', className), 'aria-label': label }}
    />
  );
}

/** The part of a list's state a filter reads and writes (`useListState`). */
type FilterState<F extends string> = {
  filters: Record<F, string>;
  setFilter: (name: F, value: string) => void;
};

/**
 * A filter of a server-paged list, bound to its state by name: the select shows the filter in the
 * address and changing it sets the filter (and goes back to the first page).
 */
export function ListFilter<F extends string, V extends string>({
  state,
  name,
  ...select
}: {
  state: FilterState<F>;
  name: F;
  label: string;
  allLabel: string;
  options: readonly SelectOption<V>[];
  className?: string;
}) {
  return (
    <FilterSelect<V>
      {...select}
      value={state.filters[name] as V | ''}
      onChange={(next) => state.setFilter(name, next)}
    />
  );
}
