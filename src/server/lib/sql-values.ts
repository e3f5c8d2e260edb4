import { sql, type SQL } from 'drizzle-orm';

/**
 * `('open', 'in_progress')`: a fixed vocabulary (a status set from `shared/statuses.ts`) written into
 * the statement as literals, not parameters, so the planner sees the same text a partial index or a
 * trigger names and the set is still written once.
 */
export function literalList(values: readonly string[]): SQL {
  return sql.raw(literalListText(values));
}

/** The same list as text, for SQL composed as a string (a partial index's predicate in the schema). */
export function literalListText(values: readonly string[]): string {
  for (const value of values) {
    if (!/^[a-z_]+$/.test(value)) throw new Error(`literalList takes vocabulary words only: ${value}`);
  }
  return `(${values.map((value) => `'${value}'`).join(', ')})`;
}
