import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { date, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DRIZZLE_TEXT_TYPES, withDrizzleParsers } from './client';

// The embedded client gives Drizzle its type parsers once instead of with every query
// (withDrizzleParsers); what Drizzle reads must not change.
const samples = pgTable('samples', {
  id: text('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  local: timestamp('local', { mode: 'string' }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  amount: numeric('amount').notNull(),
});
const SETUP = `create table samples (id text primary key, at timestamptz not null, local timestamp not null,
  day date not null, span interval not null, amount numeric not null);
  insert into samples values ('a', '2026-03-04 05:06:07.891+02', '2026-03-04 05:06:07', '2026-03-04', '1 day 02:03:04', 12.50),
    ('b', '1999-12-31 23:59:59+00', '1999-12-31 23:59:59', '1999-12-31', '3 months', 0.001);`;
const ARRAYS = sql`select array[timestamptz '2026-03-04 05:06:07+00', null]::timestamptz[] as ats,
  array[timestamp '2026-03-04 05:06:07']::timestamp[] as locals, array[date '2026-03-04']::date[] as days,
  array[interval '1 hour']::interval[] as spans, array[1.25, 2]::numeric[] as amounts, now() > now() - interval '1 s' as ok`;

let plain: PGlite;
let fast: PGlite;
/** The options of every query and exec `fast` received, and which of the two it was. */
const seen: Array<Record<string, unknown> | undefined> = [];
const calls: Array<'query' | 'exec'> = [];
beforeAll(async () => {
  [plain, fast] = await Promise.all([PGlite.create(), PGlite.create()]);
  await Promise.all([plain.exec(SETUP), fast.exec(SETUP)]);
  const query = fast.query.bind(fast);
  fast.query = ((text, params, options) => {
    seen.push(options as Record<string, unknown> | undefined);
    calls.push('query');
    return query(text, params, options);
  }) as PGlite['query'];
  const exec = fast.exec.bind(fast);
  fast.exec = ((text, options) => {
    seen.push(options as Record<string, unknown> | undefined);
    calls.push('exec');
    return exec(text, options);
  }) as PGlite['exec'];
});
afterAll(async () => {
  await Promise.all([plain?.close(), fast?.close()]);
});

describe('the embedded client with Drizzle’s parsers as its own', () => {
  it('knows every parser Drizzle sends, and each of them leaves the text as it is', () => {
    const probe = new PglitePreparedQuery(
      plain,
      'select 1',
      [],
      undefined as never,
      undefined as never,
      undefined,
      undefined,
      undefined,
      undefined,
      false,
    ) as unknown as Record<
      'queryConfig' | 'rawQueryConfig',
      { parsers: Record<string, (v: string) => unknown> }
    >;
    for (const config of [probe.queryConfig, probe.rawQueryConfig]) {
      expect(Object.keys(config.parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(config.parsers))
        expect(parse('2026-03-04 05:06:07')).toBe('2026-03-04 05:06:07');
    }
  });

  it('reads the same values as Drizzle on a plain client: rows, raw results, arrays and transactions', async () => {
    const a = drizzle({ client: plain });
    const b = drizzle({ client: withDrizzleParsers(fast) as PGlite });
    const read = async (db: typeof a) => ({
      rows: await db.select().from(samples).orderBy(samples.id),
      raw: (await db.execute(sql`select * from samples order by id`)).rows,
      arrays: (await db.execute(ARRAYS)).rows,
      inTransaction: await db.transaction(async (tx) => {
        const rows = await tx.select().from(samples).orderBy(samples.id);
        const nested = await tx.transaction(async (inner) => (await inner.execute(ARRAYS)).rows);
        return { rows, nested };
      }),
    });
    seen.length = 0;
    const [expected, actual] = await Promise.all([read(a), read(b)]);
    expect(actual).toEqual(expected);
    expect(expected.rows[0]!.at).toEqual(new Date('2026-03-04T03:06:07.891Z'));
    // The shortcut is taken: Drizzle's queries reach the client without the parsers.
    expect(seen.length).toBeGreaterThan(0);
    for (const options of seen) expect(options?.parsers).toBeUndefined();
  });

  it('passes other parsers through untouched', async () => {
    const client = withDrizzleParsers(fast);
    seen.length = 0;
    const { rows } = await client.query<{ n: unknown }>('select 41 + 1 as n', [], {
      parsers: { 23: (value: string) => `int ${value}` },
    });
    expect(rows[0]!.n).toBe('int 42');
    expect(seen[0]?.parsers).toBeDefined();
  });
});

describe('the embedded client’s statements without parameters', () => {
  // Each is compared with PGlite's own query on the same client (the same parsers, the same rows).
  const STATEMENTS = [
    'select * from samples order by id',
    "select * from samples where id = 'none'",
    `select array[timestamptz '2026-03-04 05:06:07+00']::timestamptz[] as ats, '{"a":1}'::jsonb as doc, 1.5::numeric as n`,
    "update samples set amount = amount where id in ('a', 'b')",
    "insert into samples values ('a', now(), now(), current_date, '1 hour', 1) on conflict (id) do nothing",
    "delete from samples where id = 'none' returning id",
  ];

  it('take the simple protocol and answer exactly what the extended one answers', async () => {
    const client = withDrizzleParsers(fast);
    for (const text of STATEMENTS) {
      for (const rowMode of ['array', 'object'] as const) {
        calls.length = 0;
        const shortcut = await client.query(text, [], { rowMode });
        expect(calls, text).toEqual(['exec']);
        expect(shortcut, text).toEqual(await fast.query(text, [], { rowMode }));
      }
    }
    expect((await client.query(STATEMENTS[3]!)).affectedRows).toBe(2);
  });

  it('fail with the same error, and several statements in one text are refused as before', async () => {
    const client = withDrizzleParsers(fast);
    const failure = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (e: { code?: string }) => e.code,
      );
    expect(await failure(client.query('select 1 / 0'))).toBe('22012');
    expect(await failure(fast.query('select 1 / 0'))).toBe('22012');
    calls.length = 0;
    expect(await failure(client.query("select 1; delete from samples where id = 'a'"))).toBe('42601');
    expect(calls).toEqual(['query']);
    expect((await fast.query("select id from samples where id = 'a'")).rows).toHaveLength(1);
  });

  it('with parameters, and inside transactions, take the extended protocol or the simple one alike', async () => {
    const client = withDrizzleParsers(fast);
    calls.length = 0;
    await client.query('select * from samples where id = $1', ['a']);
    expect(calls).toEqual(['query']);
    const inTransaction = await client.transaction(async (tx) => [
      (await tx.query('select id from samples order by id')).rows,
      (await tx.query('select id from samples where id = $1', ['b'])).rows,
    ]);
    expect(inTransaction).toEqual([[{ id: 'a' }, { id: 'b' }], [{ id: 'b' }]]);
  });
});
