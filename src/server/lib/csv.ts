import { and, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { keysetBatches, type KeysetPosition } from '../db/keyset-batches';
import type { KeysetSort } from '../db/keyset-sort';

/**
 * Cells that begin like a formula (=, +, -, @, tab, CR) get a leading ' so a spreadsheet shows them as
 * text (CSV injection): papaparse's own `escapeFormulae`, which also quotes such a cell. Its default
 * pattern is /^[=+\-@\t\r].*$/, whose `.*$` cannot cross a line break, so a cell with a formula on
 * its first line and more below was not escaped: this one looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every cell is written as its text (a missing value as an empty cell). papaparse never escapes a
 * number, so a negative number would start with a bare "-": as text, it is escaped like any other.
 */
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** CSV (CRLF between rows, no trailing line break) with formula cells escaped; `fields` is the header. */
export function unparseCsv(rows: unknown[][], fields?: readonly string[]): string {
  const data = rows.map((row) => row.map(asText));
  const options = { escapeFormulae: FORMULA_START };
  return fields ? Papa.unparse({ fields: [...fields], data }, options) : Papa.unparse(data, options);
}

/** Rows as CSV ending in a line break: one piece of an export streamed header first, then by batch. */
export const csvLines = (rows: unknown[][]) => `${unparseCsv(rows)}\r\n`;

/** One column of an export: its header, and its cell from an item as the list shows it. */
export type CsvColumn<T> = [header: string, cell: (item: T) => unknown];

/**
 * A list's export as CSV in pieces: the header, then one piece per batch of `keysetBatches` (the rows
 * the filter matches, in the sort's order, each batch after the last row of the one before), each row
 * shown as the list's item, formula cells escaped (csvLines). `rows` is the list's own read.
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
    yield csvLines(rows.map((row) => columns.map(([, cell]) => cell(source.itemOf(row)))));
  }
}
