import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeLike, likeContains, likePattern, likePrefix } from './sql-like';

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_off')).toBe('50\\%\\_off');
    expect(escapeLike('C:\\fleet')).toBe('C:\\\\fleet');
    expect(escapeLike('%%__\\\\')).toBe('\\%\\%\\_\\_\\\\\\\\');
  });

  it('leaves other text alone, case included', () => {
    expect(escapeLike('Acme Trucks [NY] *')).toBe('Acme Trucks [NY] *');
    expect(escapeLike('')).toBe('');
  });
});

describe('LIKE patterns', () => {
  it('contains: the text as typed between wildcards', () => {
    expect(likeContains('Ford_F%')).toBe('%Ford\\_F\\%%');
  });

  it('contains, lowercased', () => {
    expect(likePattern('ACME 100%')).toBe('%acme 100\\%%');
    expect(likePattern('')).toBe('%%');
  });

  it('starts with, lowercased', () => {
    expect(likePrefix('Ann_Lee@')).toBe('ann\\_lee@%');
  });
});

describe('the patterns in PostgreSQL', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(async () => {
    await pg?.close();
  });

  const matches = async (text: string, pattern: string) =>
    (await pg.query<{ ok: boolean }>('select $1::text like $2::text as ok', [text, pattern])).rows[0]!.ok;

  it('matches a typed % _ or \\ only as itself', async () => {
    expect(await matches('save 50% now', likePattern('50%'))).toBe(true);
    expect(await matches('save 500 now', likePattern('50%'))).toBe(false);
    expect(await matches('ann_lee@fleet.test', likePattern('n_l'))).toBe(true);
    expect(await matches('annxlee@fleet.test', likePattern('n_l'))).toBe(false);
    expect(await matches('c:\\fleet\\north', likePattern('\\fleet\\'))).toBe(true);
    expect(await matches('c:/fleet/north', likePattern('\\fleet\\'))).toBe(false);
  });

  it('anchors a prefix at the start', async () => {
    expect(await matches('ann_lee@fleet.test', likePrefix('ANN_'))).toBe(true);
    expect(await matches('joann_lee@fleet.test', likePrefix('ann_'))).toBe(false);
  });
});
