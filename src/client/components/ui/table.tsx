import type { ComponentProps } from 'react';
import { styled } from './styled';

const TableElement = styled('table', 'table', 'w-full caption-bottom text-sm');

/**
 * A plain table in a horizontally scrollable wrapper. A table wide enough to scroll on a phone (many
 * columns) names `scrollLabel`: the wrapper then takes keyboard focus, so it can be scrolled without a
 * pointer, and says what it holds.
 */
export function Table({ scrollLabel, ...props }: ComponentProps<'table'> & { scrollLabel?: string }) {
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...(scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}
    >
      <TableElement {...props} />
    </div>
  );
}

export const TableHeader = styled('thead', 'table-header', '[&_tr]:border-b');
export const TableBody = styled('tbody', 'table-body', '[&_tr:last-child]:border-0');
export const TableFooter = styled(
  'tfoot',
  'table-footer',
  'border-t bg-muted/50 font-medium [&>tr]:last:border-b-0',
);
export const TableRow = styled(
  'tr',
  'table-row',
  'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
);

const HeadCell = styled(
  'th',
  'table-head',
  'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground [&:has([role=checkbox])]:pr-0',
);

/** A column header (`scope="col"` unless told otherwise). */
export function TableHead(props: ComponentProps<'th'>) {
  return <HeadCell scope="col" {...props} />;
}

export const TableCell = styled('td', 'table-cell', 'px-3 py-2.5 align-middle [&:has([role=checkbox])]:pr-0');
export const TableCaption = styled('caption', 'table-caption', 'mt-4 text-sm text-muted-foreground');
