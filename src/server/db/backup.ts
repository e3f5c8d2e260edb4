import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { appRoot } from '../paths';

/**
 * A backup of the embedded database (docs/operations.md): one .tar.gz holding the manifest, PGlite's
 * own dump of the data directory (`dumpDataDir`) and the settings key file beside it, without which
 * the sealed API keys of System Settings cannot be opened.
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = 'pgdata.tar';
/** The embedded mode's settings key file in DATA_DIR (modules/system-settings/settings-key.ts). */
export const SETTINGS_KEY_FILE = 'settings.key';
/** Where the automatic backups taken before migrations go, inside DATA_DIR. */
export const BACKUPS_FOLDER = 'backups';
/** How many of those are kept: the oldest beyond it are deleted after each new one. */
export const KEEP_BEFORE_MIGRATIONS = 5;
const BEFORE_MIGRATIONS_PREFIX = 'before-migrations-';

export type BackupManifest = {
  format: 'motorpool-backup';
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  reason: 'manual' | 'before-migrations';
  /** PostgreSQL's version inside PGlite: a backup opens only with a PGlite of the same major version. */
  postgres: string;
  /** The migrations the database had: how many, and the tag of the last one (null: none). */
  migrations: { applied: number; last: string | null };
  /** Whether DATA_DIR's settings.key is in the archive (not when SETTINGS_ENCRYPTION_KEY is used instead). */
  settingsKey: boolean;
};

type JournalEntry = { when: number; tag: string };
type Queries = Pick<PGlite, 'query'>;

/** The migrations the code knows, in order (drizzle-kit's journal in the migrations folder). */
export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return (journal as { entries: JournalEntry[] }).entries;
}

/**
 * The time of the newest migration Drizzle has applied (its drizzle.__drizzle_migrations table), which
 * it compares with each journal entry's `when` to find the pending ones; null when the table is not
 * there or empty (a database never migrated). The query is Drizzle's own, so the catalog lookups it
 * costs on a freshly opened database are the ones Drizzle's check right after would pay anyway.
 */
async function lastAppliedWhen(client: Queries): Promise<number | null> {
  try {
    const { rows } = await client.query<{ created_at: unknown }>(
      'select id, hash, created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1',
    );
    return rows[0] ? Number(rows[0].created_at) : null;
  } catch {
    return null;
  }
}

async function appliedCount(client: Queries): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    'select count(*)::int as count from "drizzle"."__drizzle_migrations"',
  );
  return rows[0]?.count ?? 0;
}

const tagOf = (journal: JournalEntry[], when: number) =>
  journal.find((entry) => entry.when === when)?.tag ?? `unknown-${when}`;

function appVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(appRoot, 'package.json'), 'utf8'));
  return String((manifest as { version?: string }).version ?? 'unknown');
}

/**
 * Writes a backup of the open database in `dataDir` to `file` (mode 0600: it holds password hashes and
 * the settings key), through a `.partial` file renamed when complete, so a failed backup leaves nothing
 * that looks like one. The caller holds the directory and runs nothing else meanwhile.
 */
export async function writeBackup(
  client: PGlite,
  options: { dataDir: string; file: string; reason: BackupManifest['reason']; migrationsFolder: string },
): Promise<{ manifest: BackupManifest; bytes: number }> {
  // A checkpoint first: the dump's data files then hold every commit, with no WAL left to replay.
  await client.exec('checkpoint');
  const lastWhen = await lastAppliedWhen(client);
  const { rows } = await client.query<{ version: string }>(
    `select current_setting('server_version') as version`,
  );
  const keyPath = path.join(options.dataDir, SETTINGS_KEY_FILE);
  const key = fs.existsSync(keyPath) ? fs.readFileSync(keyPath) : null;
  const manifest: BackupManifest = {
    format: 'motorpool-backup',
    formatVersion: 1,
    appVersion: appVersion(),
    createdAt: new Date().toISOString(),
    reason: options.reason,
    postgres: rows[0]?.version ?? 'unknown',
    migrations:
      lastWhen === null
        ? { applied: 0, last: null }
        : {
            applied: await appliedCount(client),
            last: tagOf(readJournal(options.migrationsFolder), lastWhen),
          },
    settingsKey: key !== null,
  };
  // Loaded here rather than at the top: the check before migrations imports this module at every
  // open of an embedded database, and the tar library costs about 20 ms to load.
  const { writeArchive } = await import('./backup-archive');
  const partial = `${options.file}.partial`;
  fs.mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });
  try {
    const bytes = await writeArchive(partial, [
      { name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: DATABASE_ENTRY, data: await client.dumpDataDir('none') },
      ...(key ? [{ name: SETTINGS_KEY_FILE, data: key, mode: 0o600 }] : []),
    ]);
    fs.renameSync(partial, options.file);
    return { manifest, bytes };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Before the migrations run on a database that was already in DATA_DIR: when one of them is pending,
 * a backup into DATA_DIR/backups named with the time and the migration the database is at, keeping
 * the last KEEP_BEFORE_MIGRATIONS. An up-to-date database pays one small query. If the backup fails
 * the start stops: the migrations do not run without the copy they were promised.
 */
export async function backupBeforeMigrations(
  client: PGlite,
  dataDir: string,
  migrationsFolder: string,
): Promise<string | null> {
  const lastWhen = await lastAppliedWhen(client);
  if (lastWhen === null) return null; // never migrated: nothing of ours in it yet
  const journal = readJournal(migrationsFolder);
  if (!journal.some((entry) => entry.when > lastWhen)) return null;
  const folder = path.join(dataDir, BACKUPS_FOLDER);
  const stamp = new Date().toISOString().replaceAll(':', '-');
  const file = path.join(
    folder,
    `${BEFORE_MIGRATIONS_PREFIX}${stamp}-from-${tagOf(journal, lastWhen)}.tar.gz`,
  );
  const started = performance.now();
  try {
    const { bytes } = await writeBackup(client, {
      dataDir,
      file,
      reason: 'before-migrations',
      migrationsFolder,
    });
    console.log(
      `  Pending migrations: database backed up first to ${file} ` +
        `(${(bytes / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms)`,
    );
  } catch (error) {
    throw new Error(
      `Could not back up the database before migrating it (${(error as Error).message}). ` +
        `Nothing was migrated: fix that (room in ${folder}?) and start again.`,
      { cause: error },
    );
  }
  pruneBeforeMigrationBackups(folder);
  return file;
}

/**
 * Keeps the newest KEEP_BEFORE_MIGRATIONS automatic backups (their names sort by time), and removes the
 * `.partial` file an automatic backup killed midway left behind: the directory is locked to this
 * process, and its own backup is complete by now, so no one is writing one. Others are left alone.
 */
export function pruneBeforeMigrationBackups(folder: string): string[] {
  const names = fs.readdirSync(folder).filter((name) => name.startsWith(BEFORE_MIGRATIONS_PREFIX));
  const automatic = names.filter((name) => name.endsWith('.tar.gz')).sort();
  const old = [
    ...automatic.slice(0, Math.max(0, automatic.length - KEEP_BEFORE_MIGRATIONS)),
    ...names.filter((name) => name.endsWith('.tar.gz.partial')),
  ];
  for (const name of old) fs.rmSync(path.join(folder, name), { force: true });
  return old;
}
