// The embedded database's upkeep (db/table-upkeep.ts, docs/performance.md): autovacuum's rules decide
// which tables need ANALYZE or VACUUM, and a run brings the planner's estimates back to the rows there
// are and reclaims dead rows. PostgreSQL runs its own autovacuum: the job does not exist there.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { FREEZE_AGE, keepTablesUp, owedRows, tableStates, upkeepOf, type TableState } from './table-upkeep';

const onPostgres = process.env.MP_TEST_DRIVER === 'pg';

const table = (over: Partial<TableState>): TableState => ({
  name: 't',
  reltuples: 10_000,
  relpages: 100,
  pages: 100,
  modified: 0,
  dead: 0,
  inserted: 0,
  xidAge: 1_000,
  ...over,
});

describe("autovacuum's rules", () => {
  it('analyses a table never analysed once it holds rows, and leaves an empty one', () => {
    expect(upkeepOf(table({ reltuples: -1, relpages: 0, pages: 3 }))).toBe('analyze');
    expect(upkeepOf(table({ reltuples: -1, relpages: 0, pages: 0 }))).toBeNull();
  });

  it('analyses after 50 rows and 10 % changed, not before', () => {
    expect(upkeepOf(table({ modified: 1_050 }))).toBeNull();
    expect(upkeepOf(table({ modified: 1_051 }))).toBe('analyze');
  });

  it('analyses a table whose size moved by more than 10 % (changes this process did not count)', () => {
    expect(upkeepOf(table({ pages: 118 }))).toBeNull();
    expect(upkeepOf(table({ pages: 119 }))).toBe('analyze');
    expect(upkeepOf(table({ pages: 81 }))).toBe('analyze');
  });

  it('vacuums after 50 rows and 20 % dead, or when its oldest transaction id must be frozen', () => {
    expect(upkeepOf(table({ dead: 2_050 }))).toBeNull();
    expect(upkeepOf(table({ dead: 2_051 }))).toBe('vacuum analyze');
    expect(upkeepOf(table({ xidAge: FREEZE_AGE + 1 }))).toBe('vacuum analyze');
  });

  it('vacuums after 1,000 rows and 20 % inserted, so index-only scans skip the new pages', () => {
    expect(upkeepOf(table({ inserted: 3_000, modified: 0 }))).toBeNull();
    expect(upkeepOf(table({ inserted: 3_001, modified: 0 }))).toBe('vacuum analyze');
  });
});

describe.skipIf(onPostgres)('a run on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(sql`create table upkeep_probe (account int not null, n int not null)`);
    await t.database.db.execute(sql`create index upkeep_probe_account on upkeep_probe (account)`);
  });
  afterAll(async () => {
    await t.close();
  });
  const db = () => t.database.db;
  const estimate = async (where: string) => {
    const { rows } = (await db().execute(
      sql.raw(`explain (format json) select * from upkeep_probe where ${where}`),
    )) as unknown as { rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] };
    return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
  };
  const probe = async () => (await tableStates(db())).find((s) => s.name === 'upkeep_probe')!;

  it('brings the estimate of one large account from a guess to its rows, and is then done', async () => {
    // One account of 6,000 rows among twenty small ones: the shape of a 5,000-vehicle fleet.
    await db().execute(sql`insert into upkeep_probe
      select case when g <= 6000 then 1 else 2 + g % 20 end, g from generate_series(1, 8000) g`);
    expect(await estimate('account = 1')).toBeLessThan(1_000);

    const done = await keepTablesUp(db(), { maxTables: 100, budgetMs: 60_000 });
    // 8,000 rows inserted into a table never vacuumed: the insert rule vacuums it as well.
    expect(done).toContainEqual({ table: 'upkeep_probe', upkeep: 'vacuum analyze', ms: expect.any(Number) });
    const rows = await estimate('account = 1');
    expect(rows).toBeGreaterThan(5_000);
    expect(rows).toBeLessThan(7_000);
    expect(upkeepOf(await probe())).toBeNull();
    expect(
      (await keepTablesUp(db(), { maxTables: 100, budgetMs: 60_000 })).map((d) => d.table),
    ).not.toContain('upkeep_probe');
  });

  it("covers the catalogue's tables and the migrations' as well: any of them can bring the freeze age", async () => {
    const names = (await tableStates(db())).map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['pg_class', 'pg_statistic', 'drizzle.__drizzle_migrations']),
    );
    expect(names).toContain('upkeep_probe');
  });

  it('vacuums a table with many dead rows, and they are gone', async () => {
    await db().execute(sql`update upkeep_probe set n = n + 1 where account = 1`);
    expect((await probe()).dead).toBeGreaterThanOrEqual(6_000);
    const done = await keepTablesUp(db(), { maxTables: 100, budgetMs: 60_000 });
    expect(done).toContainEqual({ table: 'upkeep_probe', upkeep: 'vacuum analyze', ms: expect.any(Number) });
    expect((await probe()).dead).toBe(0);
  });

  it('takes the most owed table first, and no more once its budget is spent', async () => {
    await db().execute(sql`create table upkeep_small (n int)`);
    await db().execute(sql`insert into upkeep_small select g from generate_series(1, 100) g`);
    await db().execute(sql`insert into upkeep_probe select 3, g from generate_series(1, 3000) g`);
    const done = await keepTablesUp(db(), { budgetMs: 0 });
    expect(done.map((d) => d.table)).toEqual(['upkeep_probe']);
    expect((await keepTablesUp(db(), { budgetMs: 60_000 })).map((d) => d.table)).toContain('upkeep_small');
  });

  it('owes a table it could not count for the pages it moved by (its counts are lost at a restart)', () => {
    expect(owedRows(table({ reltuples: 10_000, relpages: 100, pages: 150 }))).toBe(5_000);
    expect(owedRows(table({ reltuples: -1, relpages: 0, pages: 20 }))).toBe(1_000);
    expect(owedRows(table({ modified: 7_000, pages: 110 }))).toBe(7_000);
  });
});
