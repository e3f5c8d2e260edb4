import type { ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@client/components/ui/table';

/**
 * A list's rows as a table in a bordered frame that scrolls sideways on narrow screens. `actions` adds
 * the last column, for each row's buttons, named for screen readers only.
 */
export function ListTable({
  head,
  actions,
  children,
}: {
  /** The column headers (`TableHead`, `SortHeader`) before the actions column. */
  head: ReactNode;
  actions: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
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
