import type { ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { cn } from '@client/lib/cn';

const ALL = '__all__';

/**
 * A list's filter among fixed values, with an "All …" choice that clears it: the value is '' for all,
 * as `useListState` keeps it.
 */
export function FilterSelect({
  value,
  onChange,
  label,
  allLabel,
  options,
  className,
}: {
  value: string;
  onChange: (next: string) => void;
  /** The accessible name, e.g. "Filter by status". */
  label: string;
  /** The choice that shows everything, e.g. "All statuses". */
  allLabel: string;
  options: readonly { value: string; label: ReactNode }[];
  className?: string;
}) {
  return (
    <Select value={value || ALL} onValueChange={(next) => onChange(next === ALL ? '' : next)}>
      <SelectTrigger className={cn('w-full sm:w-44', className)} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
