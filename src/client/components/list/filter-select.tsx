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
