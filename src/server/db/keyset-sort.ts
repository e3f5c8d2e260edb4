import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** One sort a list offers: the key it orders by, and the type its text cursor is read back as. */
export type SortKey = {
  key: SQL;
  cast: 'timestamptz' | 'integer' | 'text';
  /** The key as text for the export's cursor; `(key)::text` unless a list says otherwise. */
  cursor?: SQL<string>;
};

/** A list's sort as its page and its export use it (lib/csv.ts `keysetCsv`). */
export type KeysetSort<O = SQL[]> = {
  order: O;
  cursor: SQL<string>;
  /** Rows after the one whose key (as text) and id are these, in this order. */
  after: (cursor: string, id: string) => SQL;
};

/** `name` or `-name` (descending), as every list's `sort` parameter spells it. */
export function sortNamed<T>(keys: Record<string, T>, sort: string) {
  const descending = sort.startsWith('-');
  return { descending, sortKey: keys[sort.replace(/^-/, '')]! };
}

type IdColumn = { column: SQLWrapper; cast: 'uuid' | 'bigint' };

/**
 * A sort with the row's id as the tie-break, so pages and export batches never skip or repeat a row.
 * `after` is a bound on the key plus the tie-break rather than a row comparison, so an index on the key
 * alone bounds the scan too.
 */
export function keysetOf(sortKey: SortKey, descending: boolean, id: IdColumn): KeysetSort {
  const { key, cast } = sortKey;
  const direction = descending ? desc : asc;
  return {
    order: [direction(key), direction(id.column)],
    cursor: sortKey.cursor ?? sql<string>`(${key})::text`,
    after: (cursor, after) => {
      const value = sql`${cursor}::${sql.raw(cast)}`;
      const afterId = sql`${after}::${sql.raw(id.cast)}`;
      return descending
        ? sql`(${key} <= ${value} and (${key} < ${value} or ${id.column} < ${afterId}))`
        : sql`(${key} >= ${value} and (${key} > ${value} or ${id.column} > ${afterId}))`;
    },
  };
}

/** The sort a list's `sort` parameter names, among its `keys`. */
export function keysetSort(keys: Record<string, SortKey>, sort: string, id: IdColumn): KeysetSort {
  const { descending, sortKey } = sortNamed(keys, sort);
  return keysetOf(sortKey, descending, id);
}
