import { randomBytes, hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import { keyedBox, type SealingBox } from '../../auth/secret-box';
import type { SETTINGS_KEY_SOURCES } from '../../../shared/contracts/system-settings';

export type SettingsKeySource = (typeof SETTINGS_KEY_SOURCES)[number];

export const MISSING_KEY_MESSAGE =
  'API keys cannot be saved: set SETTINGS_ENCRYPTION_KEY (32 bytes as 64 hex digits or base64). With DATABASE_URL every instance needs the same key, so none is made on its own.';

/** The file the embedded mode keeps its key in, beside the database (mode 0600). */
export const KEY_FILE = 'settings.key';

export type SettingsKeyring = {
  /** Where the key comes from; null when there is none (saving a secret answers 503). */
  source: SettingsKeySource | null;
  box: SealingBox;
};

/**
 * The key API secrets are sealed with (docs/system-settings.md): SETTINGS_ENCRYPTION_KEY; else, on
 * the embedded database, 32 random bytes written once to DATA_DIR/settings.key (0600), so a copy of
 * the database alone does not open them; else, on PostgreSQL, one derived from APP_SECRET; else none.
 * A file key would differ per instance on a shared PostgreSQL, hence no file there.
 */
export function settingsKeyring(config: Config, embedded: boolean): SettingsKeyring {
  const source: SettingsKeySource | null = config.settingsEncryptionKey
    ? 'environment'
    : embedded
      ? 'data-directory'
      : config.appSecret
        ? 'app-secret'
        : null;
  let key: Promise<Buffer> | null = null;
  const keyOf = () => {
    if (!key) {
      key = loadKey(config, source);
      key.catch(() => (key = null)); // tried again next time
    }
    return key;
  };
  return { source, box: keyedBox(keyOf) };
}

async function loadKey(config: Config, source: SettingsKeySource | null): Promise<Buffer> {
  switch (source) {
    case 'environment':
      return config.settingsEncryptionKey!;
    case 'app-secret':
      return Buffer.from(hkdfSync('sha256', config.appSecret!, 'motorpool', 'settings v1', 32));
    case 'data-directory':
      return fileKey(path.resolve(config.dataDir, KEY_FILE));
    default:
      throw new HttpError(503, MISSING_KEY_MESSAGE);
  }
}

/** Made by whichever start asks first (`wx`: never overwritten), then read. */
function fileKey(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) {
    throw new HttpError(503, `The settings key file ${file} is damaged: it must hold 32 bytes in base64.`);
  }
  return key;
}
