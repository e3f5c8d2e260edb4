import { cn } from '@client/lib/cn';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';

/**
 * A list's choice among fixed options (a status filter, an order for a grid that has no column
 * headers): a labelled select whose options are `value → text`, in their order.
 */
export function ListFilter<V extends string>({
  label,
  value,
  onChange,
  options,
  className,
}: {
  /** The accessible name, e.g. "Vehicle status". */
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: Record<V, string>;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as V)}>
      <SelectTrigger aria-label={label} className={cn('w-full sm:w-48', className)}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(Object.keys(options) as V[]).map((option) => (
          <SelectItem key={option} value={option}>
            {options[option]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
