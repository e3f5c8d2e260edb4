import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';

/**
 * A day as the list's address holds it (YYYY-MM-DD), and one on the calendar (not 2025-02-30 or
 * 2025-13-45): the test `useListState` filters take.
 */
export { isDay } from '@shared/days';

/**
 * A list's date range filter: two date boxes (first and last day included), each bound to one filter of
 * the list's state; an emptied box drops its bound.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
  label,
  className,
}: {
  from: string;
  to: string;
  onChange: (bound: 'from' | 'to', value: string) => void;
  /** What the range is of, e.g. "Date": the boxes are named "<label> from" and "<label> to". */
  label: string;
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <Input
        type="date"
        aria-label={`${label} from`}
        value={from}
        max={to || undefined}
        onChange={(event) => onChange('from', event.target.value)}
        className="w-full sm:w-36"
      />
      <span aria-hidden="true" className="text-muted-foreground">
        –
      </span>
      <Input
        type="date"
        aria-label={`${label} to`}
        value={to}
        min={from || undefined}
        onChange={(event) => onChange('to', event.target.value)}
        className="w-full sm:w-36"
      />
    </div>
  );
}
