import type { ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { cn } from '@client/lib/cn';

/**
 * A list's rows as a table. Its frame is the container the priority columns (`ListHead`, `ListCell`,
 * `NarrowDetails` in `./columns`) measure, so a list never scrolls sideways: columns give way instead.
 * `actions` adds the last column, for each row's buttons, named for screen readers only; it always shows.
 */
export function ListTable({
  head,
  actions,
  label,
  framed = true,
  children,
}: {
  /** The column headers (`ListHead`, `SortHeader`) before the actions column. */
  head: ReactNode;
  actions: boolean;
  /** The table's accessible name, when the page has more than one list or none names it. */
  label?: string;
  /** A bordered frame (default); false inside a card that is the frame already. */
  framed?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className={cn('@container min-w-0', framed && 'rounded-md border')}>
      <Table aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {head}
            {actions ? (
              <TableHead className="w-px text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}
