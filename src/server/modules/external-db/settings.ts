import type { Config } from '../../config';
import type { ExternalDbSettings } from '../../integrations/external-db/client';
import { apiSecretOf, type SettingsDeps } from '../system-settings';

export type ExternalDbConfig = Pick<Config, 'externalDbUrl' | 'externalDbApiKey' | 'externalDbTimeoutMs'>;

/**
 * Where the external database is and its key: the API settings' values win over EXTERNAL_DB_URL and
 * EXTERNAL_DB_API_KEY (so an admin can set them without a restart); null while either is missing.
 * Read at each use, so a change in System Settings applies to the next test or import.
 */
export async function externalDbSettingsOf(
  deps: Pick<SettingsDeps, 'db' | 'keyring'>,
  config: ExternalDbConfig,
): Promise<ExternalDbSettings | null> {
  const [url, apiKey] = await Promise.all([
    apiSecretOf(deps, 'externalDbUrl'),
    apiSecretOf(deps, 'externalDbApiKey'),
  ]);
  const settings = {
    url: url ?? config.externalDbUrl,
    apiKey: apiKey ?? config.externalDbApiKey,
    timeoutMs: config.externalDbTimeoutMs,
  };
  return settings.url && settings.apiKey ? (settings as ExternalDbSettings) : null;
}
