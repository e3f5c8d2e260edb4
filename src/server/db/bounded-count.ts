import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PageRequest } from '../../shared/contracts/common';
import type { Executor } from './client';

/**
 * How many rows match, counted no further than `cap` + 1: the read stops there (an index range, never
 * every matching row), so a million matches cost what 10,001 do. Above `cap`, say "cap+" (`capped`).
 */
export async function countUpTo(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const matched = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matched');
  const [row] = await db.select({ n: count() }).from(matched);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** How many pages past the one asked for a searched list counts before it says "N+". */
export const SEARCH_COUNT_PAGES_AHEAD = 5;

/**
 * The cap of a searched list's count: the rows up to the end of the page asked for, and five pages more.
 * A search's rows can only be counted by reading them (a trigram index finds candidates, each row is
 * checked), so a broad term (a sixth of a million tickets) would read every match to count it; this
 * way the count reads about as far as paging five pages on would, and a narrow term is counted exactly.
 * It was ten pages: on a broad term the count then cost as much as the page itself, and the searched
 * lists ran over their budget at 1,000,000 rows (docs/performance.md).
 * Each later page moves the cap along, so every match stays reachable (docs/architecture.md "Search").
 */
export const searchCountCap = (request: PageRequest) =>
  (request.page + SEARCH_COUNT_PAGES_AHEAD) * request.pageSize;
