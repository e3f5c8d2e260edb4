import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { snapshotCache } from './snapshot-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('snapshotCache', () => {
  it('reads once for requests that miss together, keeps the value until a commit, then reads again', async () => {
    const cache = snapshotCache<number>(t.database.db);
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 20));
      return reads;
    };
    const together = await Promise.all(Array.from({ length: 5 }, () => cache('k', read)));
    expect(together).toEqual([1, 1, 1, 1, 1]);
    expect(await cache('k', read)).toBe(1);
    await t.database.db.execute(sql`insert into app_meta (key, value) values ('snapshot-cache-test', 'x')`);
    expect(await cache('k', read)).toBe(2);
    expect(reads).toBe(2);
  });
});
