import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { holdsInOneOf } from '../../../tests/setup/cluster-attempts';
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
    // On PostgreSQL the snapshot moves with any commit in the cluster, and the test files run side by
    // side on it: keeping must hold in one of five attempts, each on a fresh cache. A commit of ours
    // must always make it read again.
    const held = await holdsInOneOf(5, async (attempt) => {
      const cache = snapshotCache<number>(t.database.db);
      let reads = 0;
      const read = async () => {
        reads += 1;
        await new Promise((r) => setTimeout(r, 20));
        return reads;
      };
      const together = await Promise.all(Array.from({ length: 5 }, () => cache('k', read)));
      const kept = await cache('k', read);
      await t.database.db.execute(sql`insert into app_meta (key, value) values ('snapshot-cache-test', 'x')
        on conflict (key) do update set value = 'x' || ${attempt}`);
      const afterCommit = await cache('k', read);
      expect(afterCommit).toBe(reads);
      expect(afterCommit).toBeGreaterThan(kept);
      return together.every((n) => n === 1) && kept === 1 && reads === 2;
    });
    expect(held).toBe(true);
  });
});
