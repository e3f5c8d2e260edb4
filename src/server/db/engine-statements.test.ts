// Each statement of the embedded database, timed inside the engine (db/engine-statements.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { statementTextOf, type EngineStatement } from './engine-statements';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const encoder = new TextEncoder();
const message = (type: string, ...parts: string[]) => {
  const body = encoder.encode(parts.map((p) => `${p}\0`).join(''));
  return new Uint8Array([type.charCodeAt(0), 0, 0, 0, body.length + 4, ...body]);
};

describe('statementTextOf', () => {
  it("reads a Parse message's text after its statement name, and a simple query's", () => {
    expect(statementTextOf(message('P', '', 'select $1'))).toBe('select $1');
    expect(statementTextOf(message('P', 'named', 'select 2'))).toBe('select 2');
    expect(statementTextOf(message('Q', 'begin'))).toBe('begin');
  });

  it('answers null for any other message', () => {
    expect(statementTextOf(message('B', '', ''))).toBeNull();
    expect(statementTextOf(new Uint8Array([0x53, 0, 0, 0, 4]))).toBeNull();
  });
});

describe('Database.onStatement', () => {
  it("embedded: each statement once, in order, a transaction's own statements included; none after stop", async () => {
    if (t.database.driver === 'pg') {
      expect(t.database.onStatement).toBeUndefined();
      return;
    }
    const seen: EngineStatement[] = [];
    const stop = t.database.onStatement!((s) => seen.push(s));
    await t.database.db.execute(sql`select ${1}::int as one`);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(${0.05})`);
    });
    stop();
    await t.database.db.execute(sql`select 2`);
    expect(seen.map((s) => s.sql)).toEqual([
      'select $1::int as one',
      'BEGIN',
      'select pg_sleep($1)',
      'COMMIT',
    ]);
    expect(seen[2]!.ms).toBeGreaterThanOrEqual(50);
    expect(seen[0]!.ms).toBeLessThan(seen[2]!.ms);
  });
});
