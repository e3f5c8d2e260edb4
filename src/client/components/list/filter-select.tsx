import type { ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
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
  options: readonly { value: V; label: ReactNode }[];
  className?: string;
}) {
  return (
    <Select
      value={value || (allLabel ? ALL : '')}
      onValueChange={(next) => onChange(next === ALL ? '' : (next as V))}
    >
      <SelectTrigger className={cn('w-full sm:w-44', className)} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {allLabel ? <SelectItem value={ALL}>{allLabel}</SelectItem> : null}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
