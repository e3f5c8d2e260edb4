import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { TableHead } from '@client/components/ui/table';
import { cn } from '@client/lib/cn';
import { shownFrom, type ColumnWidth } from './columns';

/**
 * A sortable column header for sorts written `field` (ascending) and `-field` (descending). A click on
 * the sorted column turns it round; a new column starts ascending, or descending with `newestFirst`
 * (times and amounts, where the latest or largest is what people look for). `from` makes it a priority
 * column (see `./columns`).
 */
export function SortHeader<Sort extends string>({
  field,
  label,
  sort,
  onSort,
  newestFirst = false,
  from,
  className,
}: {
  field: string;
  label: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  newestFirst?: boolean;
  from?: ColumnWidth;
  className?: string;
}) {
  const active = sort === field || sort === `-${field}`;
  const descending = sort === `-${field}`;
  const next = (active ? (descending ? field : `-${field}`) : newestFirst ? `-${field}` : field) as Sort;
  const Icon = !active ? ArrowUpDownIcon : descending ? ArrowDownIcon : ArrowUpIcon;
  return (
    <TableHead
      aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
      className={cn(shownFrom(from), className)}
    >
      <button
        type="button"
        onClick={() => onSort(next)}
        className="-mx-2 inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}
