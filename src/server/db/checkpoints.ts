import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL as a single-user backend, which has no checkpointer: left alone it takes a
 * checkpoint only when it closes. A server that runs for months and then stops without closing (a
 * kill, a crash, the shutdown deadline) leaves every WAL record since it started for the next open
 * to replay (about 10 ms a MB on a busy 2-CPU machine), and keeps all of it in pg_wal meanwhile.
 * A checkpoint after every two WAL segments' worth of writes bounds both (docs/operations.md). Each
 * checkpoint makes the next change of every page log the whole page again: on random writes, 32 MB
 * costs about 18 % more WAL than none (16 MB: 50 %, 64 MB: 12 %).
 */
export const CHECKPOINT_AFTER_WAL_BYTES = 32 * 1024 * 1024;

/**
 * How often the WAL is measured: one short query. Writes pass the threshold by at most what they write
 * in this time (bulk inserts: about 15 MB of WAL a second on a busy 2-CPU machine), or by one statement
 * when a single statement writes more: the check waits for it.
 */
export const CHECKPOINT_CHECK_MS = 1_000;

type Sql = Pick<PGlite, 'query' | 'exec'>;

/** Bytes of WAL from where the last checkpoint began to now: what an open after a kill would replay. */
export async function walSinceCheckpoint(client: Sql): Promise<number> {
  const { rows } = await client.query<{ bytes: number }>(
    'select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()',
  );
  return rows[0]?.bytes ?? 0;
}

/**
 * A CHECKPOINT when at least `afterWalBytes` of WAL were written since the last one; answers whether
 * it took one. PGlite runs one statement at a time, so it waits for a transaction under way and
 * holds the next request back while it writes (tens of ms for a segment's worth, fsync being off).
 */
export async function checkpointIfDue(
  client: Sql,
  afterWalBytes = CHECKPOINT_AFTER_WAL_BYTES,
): Promise<boolean> {
  if ((await walSinceCheckpoint(client)) < afterWalBytes) return false;
  await client.exec('checkpoint');
  return true;
}

/**
 * Checks every `everyMs` while the database is open (the timer does not keep the process alive).
 * Answers the stop, called before the database closes: no further check, and it resolves once the
 * check under way has ended.
 */
export function keepCheckpointing(
  client: Sql,
  { everyMs = CHECKPOINT_CHECK_MS, afterWalBytes = CHECKPOINT_AFTER_WAL_BYTES } = {},
): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    // A check or checkpoint that fails leaves the WAL as it was: the next tick tries again.
    current = checkpointIfDue(client, afterWalBytes)
      .catch(() => false)
      .finally(() => (checking = false));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
