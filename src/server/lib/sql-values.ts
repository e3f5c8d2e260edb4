import { sql, type SQL } from 'drizzle-orm';

/**
 * `('open', 'in_progress')`: a fixed vocabulary (a status set from `shared/statuses.ts`) written into
 * the statement as literals, not parameters, so the planner sees the same text a partial index or a
 * trigger names and the set is still written once.
 */
export function literalList(values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[a-z_]+$/.test(value)) throw new Error(`literalList takes vocabulary words only: ${value}`);
  }
  return sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
}
