import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PostgreSQL's autovacuum keeps the planner's statistics current (ANALYZE), reclaims the space of
 * updated and deleted rows and freezes old transaction ids (VACUUM). The embedded database runs
 * PostgreSQL as a single-user backend, which has no autovacuum at all: left alone, a table keeps the
 * statistics the migrations left it (an account of 5,000 vehicles was planned as 16), grows with every
 * update, and after about two billion transactions refuses writes. `database: upkeep`
 * (jobs/registry.ts) does autovacuum's work with autovacuum's own thresholds (docs/performance.md).
 */

/** One table as the catalogue and this process's statistics see it. */
export type TableState = {
  name: string;
  /** Rows at the last ANALYZE or VACUUM; -1 when never analysed. */
  reltuples: number;
  /** Pages at the last ANALYZE or VACUUM. */
  relpages: number;
  /** Pages now. */
  pages: number;
  /**
   * Rows changed and dead rows since the last ANALYZE and VACUUM, as counted by this process: the
   * embedded database keeps no statistics across a restart, so the page count catches what they miss.
   */
  modified: number;
  dead: number;
  /** Rows inserted since the last VACUUM (this process's count, like `modified`). */
  inserted: number;
  /** Transactions since the table's oldest unfrozen id. */
  xidAge: number;
};

export type Upkeep = 'vacuum analyze' | 'analyze';

/** autovacuum's defaults: 50 rows plus 10 % (ANALYZE) or 20 % (VACUUM) of the table. */
const BASE_ROWS = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_SHARE = 0.2;
/**
 * autovacuum's insert rule (PostgreSQL 13): 1,000 rows plus 20 % inserted. A table only ever inserted
 * into has no dead rows, but until a VACUUM marks its new pages all-visible an index-only scan reads
 * the table for every row of them.
 */
const BASE_INSERTED = 1000;
/** Pages grown or shrunk since the last ANALYZE, on top of 10 %: about 500 narrow rows. */
const BASE_PAGES = 8;
/** vacuum_freeze_table_age's default: from here a VACUUM scans the whole table and freezes it. */
export const FREEZE_AGE = 150_000_000;

/** What a table needs now, by autovacuum's rules; null when nothing. */
export function upkeepOf(t: TableState): Upkeep | null {
  const rows = Math.max(t.reltuples, 0);
  if (t.dead > BASE_ROWS + VACUUM_SHARE * rows || t.xidAge > FREEZE_AGE) return 'vacuum analyze';
  if (t.inserted > BASE_INSERTED + VACUUM_SHARE * rows) return 'vacuum analyze';
  if (t.reltuples < 0) return t.pages > 0 ? 'analyze' : null;
  if (t.modified > BASE_ROWS + ANALYZE_SHARE * rows) return 'analyze';
  if (Math.abs(t.pages - t.relpages) > BASE_PAGES + ANALYZE_SHARE * t.relpages) return 'analyze';
  return null;
}

/**
 * Every table of the app's schemas and PostgreSQL's own catalogue, with what `upkeepOf` reads: the
 * oldest transaction id of any table, the catalogue's included, is what brings a database to
 * wraparound. The name is the table as `regclass` writes it: quoted and schema-qualified as needed.
 */
export async function tableStates(db: Db): Promise<TableState[]> {
  // A backend sends its counts to the shared statistics at most once a second; this makes the next
  // statement send them, so the read below counts the writes up to now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`
    select c.oid::regclass::text as name, c.reltuples::float8 as reltuples, c.relpages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
      coalesce(s.n_mod_since_analyze, 0)::float8 as modified, coalesce(s.n_dead_tup, 0)::float8 as dead,
      coalesce(s.n_ins_since_vacuum, 0)::float8 as inserted,
      age(c.relfrozenxid)::float8 as "xidAge"
    from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.relkind = 'r'
      and c.relnamespace in (select oid from pg_namespace where nspname in ('public', 'pg_catalog', 'drizzle'))
    order by 1`)) as unknown as { rows: TableState[] };
  return result.rows.map((r) => ({
    name: r.name,
    reltuples: Number(r.reltuples),
    relpages: Number(r.relpages),
    pages: Number(r.pages),
    modified: Number(r.modified),
    dead: Number(r.dead),
    inserted: Number(r.inserted),
    xidAge: Number(r.xidAge),
  }));
}

/**
 * What one run may take. Each statement holds the embedded database (and so every request) while it
 * runs: an ANALYZE reads a sample of 30,000 rows whatever the table's size (about 0.5 s at a million
 * rows), a VACUUM the pages that changed. A run stops taking tables once it has spent `budgetMs`, so
 * the small tables go many to a run and a large one alone; requests waiting run between two
 * statements (db/event-loop-turns.ts).
 */
export const UPKEEP_BUDGET_MS = 100;
export const TABLES_PER_RUN = 20;

/**
 * Rows a table's upkeep is owed for: what this process counted, or, for what it could not count (the
 * embedded database forgets its counts at a restart), the pages the table moved by since its last
 * analysis at the rows a page held then (all of its pages when never analysed).
 */
export function owedRows(t: TableState): number {
  const counted = t.modified + t.dead + t.inserted;
  const rowsPerPage = t.reltuples > 0 && t.relpages > 0 ? t.reltuples / t.relpages : 50;
  const pagesMoved = t.reltuples < 0 ? t.pages : Math.abs(t.pages - t.relpages);
  return Math.max(counted, pagesMoved * rowsPerPage);
}

/** One pass: the due tables, the most owed first, within the run's budget; answers what it did. */
export async function keepTablesUp(
  db: Db,
  { maxTables = TABLES_PER_RUN, budgetMs = UPKEEP_BUDGET_MS } = {},
): Promise<{ table: string; upkeep: Upkeep; ms: number }[]> {
  const due = (await tableStates(db))
    .map((t) => ({ t, upkeep: upkeepOf(t) }))
    .filter((d): d is { t: TableState; upkeep: Upkeep } => d.upkeep !== null)
    .sort((a, b) => owedRows(b.t) - owedRows(a.t))
    .slice(0, maxTables);
  const done: { table: string; upkeep: Upkeep; ms: number }[] = [];
  const started = performance.now();
  for (const { t, upkeep } of due) {
    if (done.length > 0 && performance.now() - started >= budgetMs) break;
    const at = performance.now();
    // The name is PostgreSQL's own quoting of a table from pg_class: never from input.
    await db.execute(sql.raw(`${upkeep} ${t.name}`));
    done.push({ table: t.name, upkeep, ms: Math.round(performance.now() - at) });
  }
  return done;
}
