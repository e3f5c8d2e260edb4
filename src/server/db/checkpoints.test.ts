import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import {
  CHECKPOINT_AFTER_WAL_BYTES,
  CHECKPOINT_CHECK_MS,
  checkpointIfDue,
  walSinceCheckpoint,
} from './checkpoints';
import { openDatabase, openPgliteEngine, type Db } from './client';
import { readControlFile } from './control-file';
import { tempDirs } from '../../../tests/setup/temp-dirs';

/** Checkpoints are the embedded database's: the PostgreSQL run of the suite has nothing here to test. */
const onPostgres = process.env.MP_TEST_DRIVER === 'pg';

// What a start pays for the run before it (docs/operations.md): a database its process closed opens
// with nothing to replay; one left open (a kill, a crash) replays the WAL since its last checkpoint,
// which the checkpoints taken while it runs keep to about CHECKPOINT_AFTER_WAL_BYTES.
const tempDir = tempDirs('mp-checkpoint');
afterEach(() => {
  vi.useRealTimers();
});

const template = () => new Blob([fs.readFileSync(inject('pgliteTemplate'))]);

/** Writes at least `bytes` of WAL: rows of 1 kB into a table of its own. */
async function writeWal(run: (statement: string) => Promise<unknown>, bytes: number) {
  await run('create table if not exists wal_filler (body text)');
  await run(
    `insert into wal_filler select repeat(md5(g::text), 32) from generate_series(1, ${Math.ceil(bytes / 1000)}) g`,
  );
}

const walOf = async (db: Db) =>
  Number(
    (
      (await db.execute(
        sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()`,
      )) as unknown as { rows: { bytes: number }[] }
    ).rows[0]!.bytes,
  );

/** Waits (bounded) until pg_control records a checkpoint after `lsn`. */
async function checkpointAfter(pgDir: string, lsn: bigint) {
  const end = Date.now() + 20_000;
  while ((readControlFile(pgDir)?.checkpointLsn ?? 0n) <= lsn) {
    if (Date.now() > end) throw new Error('no checkpoint was taken');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(onPostgres)('the embedded database between checkpoints', () => {
  it('a database its process closed is left shut down, and the next open recovers nothing', async () => {
    const dir = tempDir();
    const database = await openDatabase({ dataDir: dir, loadDataDir: template() });
    await writeWal((s) => database.db.execute(sql.raw(s)), 100_000);
    expect(readControlFile(path.join(dir, 'pg'))?.state).toBe('in production');
    await database.close();
    expect(readControlFile(path.join(dir, 'pg'))?.state).toBe('shut down');

    const engine = await openPgliteEngine(dir);
    try {
      expect(engine.recovered).toBe(false);
    } finally {
      await engine.close();
    }
  });

  it('while it runs, 32 MB of WAL bring a checkpoint, so a kill leaves little to replay', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dir = tempDir();
    const pgDir = path.join(dir, 'pg');
    const database = await openDatabase({ dataDir: dir, loadDataDir: template() });
    try {
      const before = readControlFile(pgDir)!.checkpointLsn;
      await writeWal((s) => database.db.execute(sql.raw(s)), CHECKPOINT_AFTER_WAL_BYTES);
      expect(await walOf(database.db)).toBeGreaterThanOrEqual(CHECKPOINT_AFTER_WAL_BYTES);

      vi.advanceTimersByTime(CHECKPOINT_CHECK_MS);
      await checkpointAfter(pgDir, before);
      expect(await walOf(database.db)).toBeLessThan(64 * 1024);

      // The directory as a kill would leave it now (the process idle, its WAL written): the next open
      // replays from that checkpoint, and knows it recovers.
      const killed = tempDir();
      fs.cpSync(dir, killed, { recursive: true });
      fs.rmSync(path.join(killed, 'motorpool.lock'));
      expect(readControlFile(path.join(killed, 'pg'))?.state).toBe('in production');
      const engine = await openPgliteEngine(killed);
      try {
        expect(engine.recovered).toBe(true);
        expect(await engine.client.query('select count(*)::int as n from wal_filler')).toMatchObject({
          rows: [{ n: Math.ceil(CHECKPOINT_AFTER_WAL_BYTES / 1000) }],
        });
      } finally {
        await engine.close();
      }
    } finally {
      await database.close();
    }
  });

  it('below 32 MB of WAL since the last checkpoint, no checkpoint is taken', async () => {
    const pgDir = path.join(tempDir(), 'pg');
    const client = await PGlite.create(pgDir);
    try {
      await client.exec('checkpoint');
      const checkpointed = readControlFile(pgDir)!.checkpointLsn;
      await writeWal((s) => client.exec(s), 200_000);
      const written = await walSinceCheckpoint(client);
      expect(written).toBeGreaterThanOrEqual(200_000);

      expect(await checkpointIfDue(client)).toBe(false);
      expect(readControlFile(pgDir)!.checkpointLsn).toBe(checkpointed);
      expect(await walSinceCheckpoint(client)).toBeGreaterThanOrEqual(written);

      expect(await checkpointIfDue(client, 100_000)).toBe(true);
      expect(readControlFile(pgDir)!.checkpointLsn).toBeGreaterThan(checkpointed);
    } finally {
      await client.close();
    }
  });

  it('reads no control file where there is no database', () => {
    expect(readControlFile(tempDir())).toBeNull();
  });
});
