import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { cn } from '@client/lib/cn';
import {
  COLUMN_WIDTHS,
  hiddenFrom,
  shownFrom,
  type Column,
  type ColumnWidth,
  type ElementProps,
} from './columns';
import { SortHeader } from './sort-header';

export type ColumnTableProps<T, S extends string = string> = {
  /** The columns, in order: each one's header, cell and narrow detail (`./columns`). */
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** The row's React key: its `id` by default; rows without one name what tells them apart. */
  rowKey?: (row: T, index: number) => string | number;
  /** The row's attributes (its `data-testid`), the same for every row or each its own. */
  rowProps?: ElementProps<'tr'> | ((row: T) => ElementProps<'tr'>);
  /** The last column, for each row's buttons: always shown, named "Actions" for screen readers only. */
  actions?: (row: T) => ReactNode;
  /** The list's order: the columns with a `sort` field get sort buttons. */
  sorting?: { sort: S; onSort: (sort: S) => void };
  /** The table's accessible name, when the page has more than one list or none names it. */
  label?: string;
  /** A bordered frame (default); false inside a card that is the frame already. */
  framed?: boolean;
  /** The column that says what the row is, under whose cell the narrow detail sits: the first always shown (default). */
  lead?: string;
  /** The order of the values in the narrow detail, by column key (default: the columns' order). */
  narrowOrder?: readonly string[];
};

/** The default `rowKey`: the row's `id`, or its place for rows without one. */
export const keyById = (row: unknown, index: number): string | number =>
  (row as { id?: string | number }).id ?? index;

/**
 * A list's rows as a table, from its column definitions. Its frame is the container the priority columns
 * measure, so a list never scrolls sideways: a column with `from` gives way below that width, and its
 * value moves into the narrow detail under the lead column's cell (a wrapping line that is gone once
 * every column it stands for shows).
 */
export function ColumnTable<T, S extends string = string>({
  columns,
  rows,
  rowKey,
  rowProps,
  actions,
  sorting,
  label,
  framed = true,
  lead,
  narrowOrder,
}: ColumnTableProps<T, S>) {
  const details = narrowDetailsOf(columns, lead, narrowOrder);
  return (
    <div className={cn('@container min-w-0', framed && 'rounded-md border')}>
      <Table aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column) =>
              column.sort && sorting ? (
                <SortHeader
                  key={column.key}
                  field={column.sort}
                  label={column.label}
                  sort={sorting.sort}
                  onSort={sorting.onSort}
                  newestFirst={column.newestFirst}
                  from={column.from}
                  className={cn(column.numeric && 'text-right', column.headClassName)}
                />
              ) : (
                <TableHead
                  key={column.key}
                  className={cn(shownFrom(column.from), column.numeric && 'text-right', column.headClassName)}
                >
                  {column.head ?? column.label}
                </TableHead>
              ),
            )}
            {actions ? (
              <TableHead className="w-px text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <ColumnTableRow
              key={(rowKey ?? keyById)(row, index)}
              row={row}
              columns={columns}
              details={details}
              rowProps={rowProps}
              actions={actions}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** One row: each column's cell, the narrow detail under the cells that hold it, and the row's actions. */
function ColumnTableRow<T>({
  row,
  columns,
  details,
  rowProps,
  actions,
}: {
  row: T;
  columns: readonly Column<T>[];
  details: Map<string, Held<T>>;
  rowProps: ColumnTableProps<T>['rowProps'];
  actions: ColumnTableProps<T>['actions'];
}) {
  return (
    <TableRow {...(typeof rowProps === 'function' ? rowProps(row) : rowProps)}>
      {columns.map((column) => {
        const { className, ...props } = column.cellProps?.(row) ?? {};
        const held = details.get(column.key);
        return (
          <TableCell
            key={column.key}
            {...props}
            className={cn(
              shownFrom(column.from),
              column.numeric && 'text-right tabular-nums',
              column.cellClassName,
              className,
            )}
          >
            {column.cell(row)}
            {held ? (
              <>
                <NarrowDetails row={row} {...held} className={column.detailsClassName} />
                {column.afterDetails?.(row)}
              </>
            ) : null}
          </TableCell>
        );
      })}
      {actions ? <TableCell className="whitespace-nowrap text-right">{actions(row)}</TableCell> : null}
    </TableRow>
  );
}

type Priority<T> = Column<T> & { from: ColumnWidth };
type Held<T> = { until: ColumnWidth; columns: Priority<T>[] };

/**
 * Which cells hold a narrow detail, for which columns, and until what width: the widest `from` among
 * them, so the detail is gone once every column it stands for shows.
 */
function narrowDetailsOf<T>(
  columns: readonly Column<T>[],
  lead: string | undefined,
  order: readonly string[] | undefined,
): Map<string, Held<T>> {
  const leadKey = lead ?? columns.find((c) => !c.from)?.key;
  const rank = (c: Column<T>) => {
    const at = order?.indexOf(c.key) ?? -1;
    return at === -1 ? (order?.length ?? 0) + columns.indexOf(c) : at;
  };
  const narrow = columns
    .filter((c): c is Priority<T> => c.from !== undefined && c.narrow !== false)
    .sort((a, b) => rank(a) - rank(b));
  const held = new Map<string, Held<T>>();
  for (const column of narrow) {
    const host = column.narrowUnder ?? leadKey;
    if (host === undefined) continue;
    const entry = held.get(host);
    if (!entry) held.set(host, { until: column.from, columns: [column] });
    else {
      entry.columns.push(column);
      if (COLUMN_WIDTHS.indexOf(column.from) > COLUMN_WIDTHS.indexOf(entry.until)) entry.until = column.from;
    }
  }
  return held;
}

/** What a row's hidden columns say, under the name: each value goes when its own column comes. */
function NarrowDetails<T>({ row, until, columns, className }: Held<T> & { row: T; className?: string }) {
  return (
    <div
      className={cn(
        'mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground',
        hiddenFrom(until),
        className,
      )}
    >
      {columns.flatMap((column) => {
        const value = column.narrow ? column.narrow(row) : column.cell(row);
        if (value === null || value === undefined || value === false) return [];
        const prefix = column.narrowLabel === true ? column.label : column.narrowLabel;
        return (Array.isArray(value) ? value : [value]).map((item: ReactNode, i) => (
          <span
            key={`${column.key}-${i}`}
            className={cn(
              'inline-flex min-w-0 items-center gap-1',
              hiddenFrom(column.from),
              column.narrowClassName,
            )}
          >
            {prefix ? `${prefix} ` : null}
            {item}
          </span>
        ));
      })}
    </div>
  );
}
