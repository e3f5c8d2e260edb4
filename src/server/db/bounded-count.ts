import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
