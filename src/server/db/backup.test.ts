import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { settingsKeyring } from '../modules/system-settings';
import { readArchive, writeArchive } from './backup-archive';
import { KEEP_BEFORE_MIGRATIONS, readJournal } from './backup';
import { backupDataDir, restoreDataDir } from './backup-restore';
import { migrationsFolder, openDatabase } from './client';
import { startTimeOf } from './directory-lock';
import { tempDirs } from '../../../tests/setup/temp-dirs';

/** Backups are of the embedded database: the PostgreSQL run of the suite has nothing here to test. */
const onPostgres = process.env.MP_TEST_DRIVER === 'pg';

// Backups of the embedded database (docs/operations.md), on a data directory started from the tests'
// seeded template rather than the full demo history, to stay quick.
const children: ChildProcess[] = [];
const tempDir = tempDirs('mp-backup');
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const SEALED_CONTEXT = 'backup-test';
const keyringOf = (dir: string) => settingsKeyring(loadConfig({ DATA_DIR: dir }), true);

/** A seeded data directory with its settings key file, and a value sealed with that key. */
async function seededDataDir() {
  const dir = tempDir();
  const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  await (await openDatabase({ dataDir: dir, loadDataDir: template })).close();
  const sealed = await keyringOf(dir).box.seal('sk_test_kept', SEALED_CONTEXT);
  return { dir, sealed };
}

const CHECKSUMMED = ['customers', 'invoices', 'payments', 'staff_users', 'app_meta'];

/** Every table's row count (ours and Drizzle's journal), and a checksum of a few tables' rows. */
async function figuresOf(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const rows = async (query: string) =>
      ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
    const tables = await rows(`select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`);
    const counts: Record<string, unknown> = {};
    for (const { name } of tables)
      counts[String(name)] = (await rows(`select count(*) as n from ${name}`))[0]!.n;
    const sums: Record<string, unknown> = {};
    for (const table of CHECKSUMMED) {
      const [row] = await rows(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${table} t`,
      );
      sums[table] = row!.sum;
    }
    return { counts, sums };
  } finally {
    await database.close();
  }
}

describe.skipIf(onPostgres)('npm run backup and npm run restore', () => {
  let source: Awaited<ReturnType<typeof seededDataDir>>;
  let file: string;
  beforeAll(async () => {
    source = await seededDataDir();
    file = path.join(tempDir(), 'motorpool.tar.gz');
  });

  it('a backup restored into a new data directory finds every record, and the sealed settings open', async () => {
    const journal = readJournal(migrationsFolder());
    const { manifest } = await backupDataDir(source.dir, file);
    expect(manifest).toMatchObject({
      format: 'motorpool-backup',
      reason: 'manual',
      migrations: { applied: journal.length, last: journal.at(-1)!.tag },
      settingsKey: true,
    });
    expect([...(await readArchive(file)).keys()]).toEqual(['manifest.json', 'pgdata.tar', 'settings.key']);
    // A plain tar.gz: the system's tar lists it too.
    const listed = spawnSync('tar', ['tzf', file], { encoding: 'utf8' });
    if (!listed.error)
      expect(listed.stdout.trim().split('\n')).toEqual(['manifest.json', 'pgdata.tar', 'settings.key']);

    const target = path.join(tempDir(), 'data');
    await restoreDataDir(file, target);
    const [before, after] = [await figuresOf(source.dir), await figuresOf(target)];
    expect(Object.keys(after.counts).length).toBeGreaterThan(20);
    expect(after).toEqual(before);
    expect(await keyringOf(target).box.open(source.sealed, SEALED_CONTEXT)).toBe('sk_test_kept');
  });

  it('restore is refused over an existing database without --force; --force moves that one aside', async () => {
    await expect(restoreDataDir(file, source.dir)).rejects.toThrow(
      /already holds data \(pg, settings.key\).*--force/,
    );
    const { movedAside } = await restoreDataDir(file, source.dir, { force: true });
    expect(fs.readdirSync(movedAside!).sort()).toEqual(['pg', 'settings.key']);
    expect(fs.existsSync(path.join(source.dir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(await keyringOf(source.dir).box.open(source.sealed, SEALED_CONTEXT)).toBe('sk_test_kept');
  });

  it('backup and restore are refused, writing nothing, while another process holds the directory', async () => {
    // A live process named in the lock with its start time, as an open in another process writes it.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(holder);
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'pg'));
    fs.writeFileSync(path.join(dir, 'pg', 'PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(dir, 'settings.key'), '');
    fs.writeFileSync(path.join(dir, 'motorpool.lock'), `${holder.pid} ${startTimeOf(holder.pid!)}`);
    const refused = new RegExp(
      `in use by another Motorpool process \\(pid ${holder.pid}\\)[^]*stop the server`,
    );
    const out = path.join(tempDir(), 'refused.tar.gz');
    await expect(backupDataDir(dir, out)).rejects.toThrow(refused);
    expect(fs.readdirSync(path.dirname(out))).toEqual([]);
    await expect(restoreDataDir(file, dir, { force: true })).rejects.toThrow(refused);
    expect(fs.readdirSync(dir).sort()).toEqual(['motorpool.lock', 'pg', 'settings.key']);
  });
});

describe.skipIf(onPostgres)('the backup archive (node-tar)', () => {
  it('holds what was written, in a file of mode 0600; refuses a file that is not gzip, or one cut short', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'entries.tar.gz');
    // Over a megabyte, not a multiple of 512: several slices, and padding at the end.
    const big = Buffer.alloc(1_500_001).map((_, i) => i % 251);
    const bytes = await writeArchive(file, [
      { name: 'a.json', data: Buffer.from('{"a":1}') },
      { name: 'big.bin', data: new Blob([big]) },
      { name: 'key', data: Buffer.from('secret'), mode: 0o600 },
    ]);
    expect(bytes).toBe(fs.statSync(file).size);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const files = await readArchive(file);
    expect([...files.keys()]).toEqual(['a.json', 'big.bin', 'key']);
    expect(await files.get('a.json')!.text()).toBe('{"a":1}');
    expect(Buffer.from(await files.get('big.bin')!.arrayBuffer()).equals(big)).toBe(true);
    const listed = spawnSync('tar', ['tzvf', file], { encoding: 'utf8' });
    if (!listed.error) expect(listed.stdout).toMatch(/^-rw------- .* key$/m);

    const notGzip = path.join(dir, 'not-gzip.tar.gz');
    fs.writeFileSync(notGzip, '{"format":"motorpool-backup"}');
    await expect(readArchive(notGzip)).rejects.toThrow('This is not a Motorpool backup (not a gzip file)');
    const cut = path.join(dir, 'cut.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, bytes - 100));
    await expect(readArchive(cut)).rejects.toThrow(/^The backup is damaged \(/);
  });

  it('reads a Blob through its stream, never with slice(), which aborts the process past 4 GiB', async () => {
    // A dump of several parts, as large as a test can afford; slice() made to fail as it does past 4 GiB.
    const parts = [Buffer.alloc(3_000_000, 7), Buffer.alloc(1_234_567).map((_, i) => i % 13)];
    class Unsliceable extends Blob {
      override slice(): Blob {
        throw new Error('Blob.slice called');
      }
    }
    const file = path.join(tempDir(), 'dump.tar.gz');
    await writeArchive(file, [{ name: 'pgdata.tar', data: new Unsliceable(parts) }]);
    const read = await (await readArchive(file)).get('pgdata.tar')!.arrayBuffer();
    expect(Buffer.from(read).equals(Buffer.concat(parts))).toBe(true);
  });
});

/** The app's migrations plus `extra` harmless ones after them: a newer version of the code. */
function migrationsWith(extra: string[]): string {
  const folder = path.join(tempDir(), 'migrations');
  fs.cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  extra.forEach((tag, i) => {
    fs.writeFileSync(path.join(folder, `${tag}.sql`), `create table ${tag.replace(/^\d+_/, '')} (id int);`);
    journal.entries.push({ ...last, idx: last.idx + 1 + i, when: last.when + 1000 * (i + 1), tag });
  });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe.skipIf(onPostgres)('the backup taken before migrations', () => {
  it('is taken when a migration is pending on an existing database, not otherwise; only the last 5 are kept, and a killed one’s partial file goes', async () => {
    const { dir } = await seededDataDir();
    const backups = path.join(dir, 'backups');
    const lastTag = readJournal(migrationsFolder()).at(-1)!.tag;
    const newer = migrationsWith(['9000_backup_probe']);

    await (await openDatabase({ dataDir: dir, migrationsFolder: newer })).close();
    const [first] = fs.readdirSync(backups);
    expect(first).toMatch(
      new RegExp(`^before-migrations-\\d{4}-\\d\\d-\\d\\dT[\\d-]+\\.\\d+Z-from-${lastTag}\\.tar\\.gz$`),
    );

    // Up to date now: opening again takes no backup.
    await (await openDatabase({ dataDir: dir, migrationsFolder: newer })).close();
    expect(fs.readdirSync(backups)).toEqual([first]);

    const older = Array.from(
      { length: 6 },
      (_, i) => `before-migrations-2020-01-0${i + 1}T00-00-00.000Z-from-x.tar.gz`,
    );
    // What a backup killed midway leaves: removed by the next automatic backup.
    const killed = 'before-migrations-2020-02-01T00-00-00.000Z-from-x.tar.gz.partial';
    for (const name of [...older, 'kept-by-hand.tar.gz', killed])
      fs.writeFileSync(path.join(backups, name), '');
    await (
      await openDatabase({
        dataDir: dir,
        migrationsFolder: migrationsWith(['9000_backup_probe', '9001_second']),
      })
    ).close();
    const automatic = fs.readdirSync(backups).filter((name) => name.startsWith('before-migrations-'));
    expect(automatic).toHaveLength(KEEP_BEFORE_MIGRATIONS);
    expect(automatic).toContain(first);
    expect(automatic.filter((name) => name.endsWith('-from-9000_backup_probe.tar.gz'))).toHaveLength(1);
    expect(automatic.filter((name) => name.startsWith('before-migrations-2020'))).toEqual(older.slice(3));
    expect(fs.existsSync(path.join(backups, 'kept-by-hand.tar.gz'))).toBe(true);
    expect(fs.existsSync(path.join(backups, killed))).toBe(false);
  });
});
