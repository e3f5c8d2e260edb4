import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { literalList } from './sql-values';

const dialect = new PgDialect();

describe('literalList', () => {
  it('writes the words as literals, without parameters', () => {
    const query = dialect.sqlToQuery(sql`status in ${literalList(['open', 'in_progress'])}`);
    expect(query.sql).toBe("status in ('open', 'in_progress')");
    expect(query.params).toEqual([]);
  });

  it('refuses anything that is not a vocabulary word, so nothing typed can reach the statement', () => {
    expect(() => literalList(["open'); drop table customers; --"])).toThrow(/vocabulary words only/);
    expect(() => literalList(['Open'])).toThrow();
  });
});
