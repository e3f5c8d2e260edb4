import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferPoolMbFor, databaseBytes } from './buffer-pool';
import { openDatabase } from './client';

const MB = 1024 * 1024;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'motorpool-pool-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's buffer pool", () => {
  it("is the database's size rounded up to a power of two, from 16 to 128 MB", () => {
    expect(bufferPoolMbFor(0)).toBe(16);
    expect(bufferPoolMbFor(16 * MB)).toBe(16);
    expect(bufferPoolMbFor(16 * MB + 1)).toBe(32);
    expect(bufferPoolMbFor(28 * MB)).toBe(32);
    expect(bufferPoolMbFor(100 * MB)).toBe(128);
    expect(bufferPoolMbFor(6 * 1024 * MB)).toBe(128);
  });

  it('counts the tables and indexes (base and global), not the write-ahead log', async () => {
    const pg = tempDir();
    const put = (file: string, bytes: number) => {
      fs.mkdirSync(path.dirname(path.join(pg, file)), { recursive: true });
      fs.writeFileSync(path.join(pg, file), Buffer.alloc(bytes));
    };
    put('base/1/1259', 8192);
    put('base/5/16384', 3 * 8192);
    put('base/5/16384_fsm', 100);
    put('global/1262', 24);
    put('pg_wal/000000010000000000000001', 65536);
    expect(await databaseBytes(pg)).toBe(8192 + 3 * 8192 + 100 + 24);
    expect(await databaseBytes(path.join(pg, 'missing'))).toBe(0);
  });

  it('is what PostgreSQL runs with: the smallest for a new database, its size at the next open', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    const show = async (db: typeof first.db) =>
      ((await db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] })
        .rows[0]!.shared_buffers;
    expect(await show(first.db)).toBe('16MB');
    expect(first.openedIn.bufferPoolMb).toBe(16);
    await first.close();

    const expected = bufferPoolMbFor(await databaseBytes(path.join(dir, 'pg')));
    expect(expected).toBeGreaterThan(16); // the migrated schema alone is past 16 MB
    const again = await openDatabase({ dataDir: dir });
    try {
      expect(await show(again.db)).toBe(`${expected}MB`);
      expect(again.openedIn.bufferPoolMb).toBe(expected);
    } finally {
      await again.close();
    }
  });
});
