import fs from 'node:fs';
import path from 'node:path';
import { readArchive } from './backup-archive';
import {
  type BackupManifest,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  readJournal,
  SETTINGS_KEY_FILE,
  writeBackup,
} from './backup';
import { migrationsFolder as appMigrationsFolder, openPgliteEngine, pgliteExtensions } from './client';
import { acquireDirectoryLock } from './directory-lock';

/** What `npm run backup` and `npm run restore` do on the embedded database (docs/operations.md). */

const STOP_THE_SERVER =
  'A backup or restore needs the database to itself: stop the server, run the command, start it again (docs/operations.md).';

/** The lock's own refusal (another process holds DATA_DIR), with what to do about it. */
function lockedDirectory(error: unknown): Error {
  const message = (error as Error).message;
  return message.includes('in use by another Motorpool process')
    ? new Error(`${message}\n${STOP_THE_SERVER}`)
    : (error as Error);
}

const hasDatabase = (dir: string) => fs.existsSync(path.join(dir, 'pg', 'PG_VERSION'));

/** `npm run backup -- <file>`: the database in `dataDir` as it is (no migrations run), refused while in use. */
export async function backupDataDir(
  dataDir: string,
  file: string,
  migrationsFolder = appMigrationsFolder(),
): Promise<{ manifest: BackupManifest; bytes: number }> {
  const dir = path.resolve(dataDir);
  if (!hasDatabase(dir)) throw new Error(`There is no database in ${dir} to back up.`);
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose another name or remove it.`);
  const engine = await openPgliteEngine(dir).catch((error: unknown) => {
    throw lockedDirectory(error);
  });
  try {
    return await writeBackup(engine.client, { dataDir: dir, file, reason: 'manual', migrationsFolder });
  } finally {
    await engine.close();
  }
}

/** The manifest and files of a backup, checked to be one this version of Motorpool can restore. */
export async function readBackup(file: string, migrationsFolder = appMigrationsFolder()) {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist.`);
  const files = await readArchive(file).catch((error: Error) => {
    throw new Error(`${file}: ${error.message}`);
  });
  const manifestText = await files.get(MANIFEST_ENTRY)?.text();
  const manifest = manifestText ? (JSON.parse(manifestText) as BackupManifest) : null;
  const database = files.get(DATABASE_ENTRY);
  if (manifest?.format !== 'motorpool-backup' || !database)
    throw new Error(`${file} is not a Motorpool backup (no ${MANIFEST_ENTRY} or ${DATABASE_ENTRY} in it).`);
  if (manifest.formatVersion !== 1)
    throw new Error(
      `${file} is a backup of format ${manifest.formatVersion}, newer than this Motorpool reads.`,
    );
  const known = readJournal(migrationsFolder).map((entry) => entry.tag);
  if (manifest.migrations.last && !known.includes(manifest.migrations.last)) {
    throw new Error(
      `${file} was made by a newer Motorpool (${manifest.appVersion}, migration ${manifest.migrations.last}, ` +
        'which this version does not know): restore it with that version or a later one.',
    );
  }
  const settingsKey = await files.get(SETTINGS_KEY_FILE)?.bytes();
  return { manifest, database, settingsKey: settingsKey ?? null };
}

/**
 * `npm run restore -- <file> [--force]` into `dataDir`: refused while the directory is in use, and over
 * an existing database unless `force`, which moves that database (and its key file) aside into
 * DATA_DIR/replaced-<time>/ rather than deleting it. The server's next start runs any migration the
 * backup is behind on (with its own backup first).
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  options: { force?: boolean; migrationsFolder?: string } = {},
): Promise<{ manifest: BackupManifest; movedAside: string | null }> {
  const backup = await readBackup(file, options.migrationsFolder);
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  let release: () => void;
  try {
    release = acquireDirectoryLock(dir);
  } catch (error) {
    throw lockedDirectory(error);
  }
  try {
    const existing = ['pg', SETTINGS_KEY_FILE].filter((name) => fs.existsSync(path.join(dir, name)));
    if (existing.length && !options.force) {
      throw new Error(
        `${dir} already holds data (${existing.join(', ')}). Restoring over it needs --force, ` +
          'which moves it aside into a replaced-<time> folder there first.',
      );
    }
    const movedAside = existing.length ? moveAside(dir, existing) : null;
    try {
      await loadDatabase(dir, backup.database, backup.manifest);
      if (backup.settingsKey)
        fs.writeFileSync(path.join(dir, SETTINGS_KEY_FILE), backup.settingsKey, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      for (const name of ['pg', SETTINGS_KEY_FILE])
        fs.rmSync(path.join(dir, name), { recursive: true, force: true });
      if (movedAside)
        for (const name of existing) fs.renameSync(path.join(movedAside, name), path.join(dir, name));
      if (movedAside) fs.rmdirSync(movedAside);
      throw error;
    }
    return { manifest: backup.manifest, movedAside };
  } finally {
    release();
  }
}

function moveAside(dir: string, names: string[]): string {
  const aside = path.join(dir, `replaced-${new Date().toISOString().replaceAll(':', '-')}`);
  fs.mkdirSync(aside);
  for (const name of names) fs.renameSync(path.join(dir, name), path.join(aside, name));
  return aside;
}

/** PGlite unpacks the dump into DATA_DIR/pg and starts on it; the migrations it reports are checked. */
async function loadDatabase(dir: string, database: Blob, manifest: BackupManifest) {
  const [{ PGlite }, extensions] = await Promise.all([import('@electric-sql/pglite'), pgliteExtensions()]);
  const client = await PGlite.create(path.join(dir, 'pg'), { loadDataDir: database, extensions });
  try {
    if (manifest.migrations.applied) {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      if (rows[0]?.count !== manifest.migrations.applied)
        throw new Error(`The restored database does not match its manifest (migrations ${rows[0]?.count}).`);
    }
  } finally {
    await client.close();
  }
}

/** On PostgreSQL (DATABASE_URL) the commands do nothing themselves: its own tools are the way. */
export function postgresInstructions(): string {
  return [
    'DATABASE_URL is set: Motorpool is on PostgreSQL, which its own tools back up and restore (docs/operations.md):',
    '  backup:   pg_dump -Fc --no-owner -f motorpool.dump "$DATABASE_URL"',
    '  restore:  pg_restore --no-owner --exit-on-error -d "$DATABASE_URL" motorpool.dump   (into an empty database)',
    'Keep APP_SECRET and SETTINGS_ENCRYPTION_KEY with the dump: without them its sealed secrets cannot be opened.',
  ].join('\n');
}
