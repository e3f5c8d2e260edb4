// `npm run backup -- <file.tar.gz>`: the embedded database of DATA_DIR and its settings key in one file
// (docs/operations.md). Refused while the server (or any Motorpool process) has DATA_DIR open.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupDataDir, postgresInstructions } from '../db/backup-restore';
import { serializeError } from '../http/log-redaction';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(postgresInstructions());
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error('Usage: npm run backup -- <file.tar.gz>');
  const started = performance.now();
  const { manifest, bytes } = await backupDataDir(config.dataDir, file);
  console.log(
    `Backed up ${path.resolve(config.dataDir)} to ${file} (${(bytes / 1e6).toFixed(1)} MB in ` +
      `${Math.round(performance.now() - started)} ms): Motorpool ${manifest.appVersion}, ` +
      `${manifest.migrations.applied} migrations (last ${manifest.migrations.last ?? 'none'}).`,
  );
  console.log(
    manifest.settingsKey
      ? 'The settings key (DATA_DIR/settings.key) is in it: keep the file as private as the key itself.'
      : 'DATA_DIR holds no settings.key: if SETTINGS_ENCRYPTION_KEY is set, keep it with this backup, or the saved API keys cannot be opened after a restore.',
  );
}

main().catch((error: unknown) => {
  console.error(serializeError(error).message);
  process.exit(1);
});
