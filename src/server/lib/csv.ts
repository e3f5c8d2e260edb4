import { and, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { keysetBatches, type KeysetPosition } from '../db/keyset-batches';

/** Formula-looking cells are prefixed so a spreadsheet shows them as text (CSV injection). */
export const safeCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/** Rows as CSV ending in a line break: one piece of an export streamed header first, then by batch. */
export const csvLines = (rows: unknown[][]) => `${Papa.unparse(rows)}\r\n`;

/** One column of an export: its header, and its cell from an item as the list shows it. */
export type CsvColumn<T> = [header: string, cell: (item: T) => unknown];

/** What a list's sort gives its export: the order, the sort key as text, and the rows after a position. */
type KeysetSort<O> = { order: O; cursor: SQL<string>; after: (cursor: string, id: string) => SQL };

/**
 * A list's export as CSV in pieces: the header, then one piece per batch of `keysetBatches` (the rows
 * the filter matches, in the sort's order, each batch after the last row of the one before), each row
 * shown as the list's item with every cell neutralised. `rows` is the list's own read.
 */
export async function* keysetCsv<R, T, O>(
  columns: CsvColumn<T>[],
  source: {
    sort: KeysetSort<O>;
    filter: SQL | undefined;
    rows: (read: { where: SQL | undefined; order: O; limit: number; cursor: SQL<string> }) => Promise<R[]>;
    positionOf: (row: R) => KeysetPosition;
    itemOf: (row: R) => T;
    batch: number;
  },
): AsyncGenerator<string> {
  const { sort, filter } = source;
  yield csvLines([columns.map(([header]) => header)]);
  const batches = keysetBatches(
    (after, limit) =>
      source.rows({
        where: and(filter, after ? sort.after(after.cursor, after.id) : undefined),
        order: sort.order,
        limit,
        cursor: sort.cursor,
      }),
    source.positionOf,
    source.batch,
  );
  for await (const rows of batches) {
    yield csvLines(rows.map((row) => columns.map(([, cell]) => safeCell(cell(source.itemOf(row))))));
  }
}
