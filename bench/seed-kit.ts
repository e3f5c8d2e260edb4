// What the bench seeds share: a bulk insert with per-row triggers off, and a table's secondary indexes
// built once after its rows instead of kept up to date row by row.
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One bulk insert with per-row triggers off (foreign-key checks and the tables' own triggers): the ids
 * it writes are read from the tables themselves, and what a trigger would add is written set-based by
 * the seed after.
 */
export const bulk = (db: Db, statement: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

/** Runs `work` with `table`'s indexes but its primary key dropped, then builds them again. */
export async function withIndexesBuiltAfter(db: Db, table: string, work: () => Promise<unknown>) {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select indexname as name, indexdef as definition from pg_indexes
      where tablename = ${table} and indexname <> ${`${table}_pkey`}`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  await work();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

/** The database a seed writes to: the stopped app's DATA_DIR, or BENCH_DATABASE_URL's PostgreSQL. */
export function openSeedDatabase() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!databaseUrl && !dataDir) throw new Error('DATA_DIR or BENCH_DATABASE_URL is required');
  return openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dataDir! });
}

/**
 * The staff seed's customers numbered 1..n in `table` (n, id, company_name, email, first_name, last_name,
 * plan_id), so a set-based seed spreads row g over them by `1 + g % n`. Answers n; the caller drops the table.
 */
export async function numberedCustomers(db: Db, table: string): Promise<number> {
  await db.execute(sql.raw(`drop table if exists ${table}`));
  await db.execute(
    sql.raw(`create table ${table} as
      select row_number() over (order by id)::int as n, id, company_name, email, first_name, last_name, plan_id
      from customers`),
  );
  await db.execute(sql.raw(`alter table ${table} add primary key (n)`));
  const [{ customers }] = rowsOf<{ customers: number }>(
    await db.execute(sql.raw(`select count(*)::int as customers from ${table}`)),
  );
  return customers;
}
