// `npm run restore -- <file.tar.gz> [--force]`: a backup made by `npm run backup` (or taken before
// migrations, DATA_DIR/backups/) into DATA_DIR, key file included (docs/operations.md). Refused while
// DATA_DIR is open, and over an existing database unless --force, which moves that one aside.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { postgresInstructions, restoreDataDir } from '../db/backup-restore';
import { serializeError } from '../http/log-redaction';

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(postgresInstructions());
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error('Usage: npm run restore -- <file.tar.gz> [--force]');
  const { manifest, movedAside } = await restoreDataDir(file, config.dataDir, { force: values.force });
  if (movedAside) console.log(`The data that was in DATA_DIR is now in ${movedAside} (delete it when done).`);
  console.log(
    `Restored ${file} into ${path.resolve(config.dataDir)}: made ${manifest.createdAt} by Motorpool ` +
      `${manifest.appVersion}, ${manifest.migrations.applied} migrations (last ${manifest.migrations.last ?? 'none'}). ` +
      'Start the server: it runs any newer migration, after a backup of its own.',
  );
  if (!manifest.settingsKey)
    console.log(
      'The backup holds no settings key: set the SETTINGS_ENCRYPTION_KEY it was made with, or re-enter the API keys in System Settings.',
    );
}

main().catch((error: unknown) => {
  console.error(serializeError(error).message);
  process.exit(1);
});
