import type { CrmConfig, CrmPlatform } from '../../../shared/contracts/crm';
import type { ApiSettingsField } from '../../../shared/contracts/system-settings';
import type { CrmCredentials } from '../../integrations/crm/adapter';
import type { Db, Executor } from '../../db/client';
import { configuredApiFields } from '../system-settings';
import { crmConfigOf } from './config';
import { apiSecretOf } from '../system-settings';
import type { SettingsKeyring } from '../system-settings';

export const CRM_DISABLED_MESSAGE = 'CRM sync is disabled. Enable it in the CRM settings first.';
export const MISSING_CREDENTIALS: Record<CrmPlatform, string> = {
  hubspot: 'Add the HubSpot API key in System Settings → API Keys',
  salesforce:
    'Add the Salesforce instance URL and access token, or the client ID and secret, in System Settings → API Keys',
};

/** Whether a sync can run now: the credentials to run it with, or what the admin must do first. */
export type CrmReadiness = { ok: true; credentials: CrmCredentials } | { ok: false; message: string };

/**
 * The credentials of the CRM in use, read from the API settings (sealed there) at each sync, so a key
 * saved a moment ago is used at once. A sealed key the settings key no longer opens reads as missing.
 */
export async function crmReadiness(
  deps: { db: Db; keyring: SettingsKeyring },
  config: CrmConfig,
): Promise<CrmReadiness> {
  if (!config.enabled) return { ok: false, message: crmSyncStateOf(config, () => false).message! };
  const credentials = await credentialsOf(deps, config.crmType);
  return credentials
    ? { ok: true, credentials }
    : { ok: false, message: MISSING_CREDENTIALS[config.crmType] };
}

/**
 * The saved credentials `type` signs in with (the sync and the connection test), or null while the
 * settings lack them: the same rule as every screen's "configured" (`crmCredentialsSaved`).
 */
export async function credentialsOf(
  deps: { db: Db; keyring: SettingsKeyring },
  type: CrmPlatform,
): Promise<CrmCredentials | null> {
  const values = await savedCredentialsOf(deps, type);
  if (!crmCredentialsSaved(type, (field) => !!values[field])) return null;
  return type === 'hubspot'
    ? { type, accessToken: values.hubspotApiKey! }
    : {
        type,
        instanceUrl: values.salesforceInstanceUrl ?? null,
        accessToken: values.salesforceAccessToken ?? null,
        clientId: values.salesforceClientId ?? null,
        clientSecret: values.salesforceClientSecret ?? null,
      };
}

/** The chosen CRM's secrets as the settings key opens them (one it no longer opens reads as missing). */
async function savedCredentialsOf(
  deps: { db: Db; keyring: SettingsKeyring },
  type: CrmPlatform,
): Promise<Partial<Record<ApiSettingsField, string | null>>> {
  if (type === 'hubspot') return { hubspotApiKey: await apiSecretOf(deps, 'hubspotApiKey') };
  const [instanceUrl, accessToken, clientId, clientSecret] = await Promise.all([
    apiSecretOf(deps, 'salesforceInstanceUrl'),
    apiSecretOf(deps, 'salesforceAccessToken'),
    apiSecretOf(deps, 'salesforceClientId'),
    apiSecretOf(deps, 'salesforceClientSecret'),
  ]);
  return {
    salesforceInstanceUrl: instanceUrl,
    salesforceAccessToken: accessToken,
    salesforceClientId: clientId,
    salesforceClientSecret: clientSecret,
  };
}

/**
 * Whether the API settings hold what `type` signs in with: HubSpot's token; Salesforce's instance URL and
 * access token, or its connected app's client ID and secret. System Health reads the same rule.
 */
export function crmCredentialsSaved(type: CrmPlatform, saved: (field: ApiSettingsField) => boolean): boolean {
  if (type === 'hubspot') return saved('hubspotApiKey');
  return (
    (saved('salesforceInstanceUrl') && saved('salesforceAccessToken')) ||
    (saved('salesforceClientId') && saved('salesforceClientSecret'))
  );
}

/**
 * Whether CRM sync is configured and on, as every screen says it (the CRM screen's "blocked" line, System
 * Health's CRM row, the Fleet Control Center's CRM Integration tab): `configured` once the credentials of
 * the chosen CRM are saved (`crmCredentialsSaved`), `enabled` as the CRM screen sets it; `mode` names it
 * (null: not configured) and `message` says what to do before a sync can run (null: it can run).
 */
export type CrmSyncState = {
  crmType: CrmPlatform;
  configured: boolean;
  enabled: boolean;
  mode: string | null;
  message: string | null;
};

export const CRM_PLATFORM_NAMES: Record<CrmPlatform, string> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
};

export function crmSyncStateOf(config: CrmConfig, saved: (field: ApiSettingsField) => boolean): CrmSyncState {
  const configured = crmCredentialsSaved(config.crmType, saved);
  const platform = CRM_PLATFORM_NAMES[config.crmType];
  const mode = !configured
    ? null
    : config.enabled
      ? `${platform}${config.autoSync ? `, auto-sync every ${config.syncInterval} h` : ''}`
      : `${platform} (disabled)`;
  const message = !config.enabled
    ? CRM_DISABLED_MESSAGE
    : !configured
      ? MISSING_CREDENTIALS[config.crmType]
      : null;
  return { crmType: config.crmType, configured, enabled: config.enabled, mode, message };
}

/** The CRM sync state from the saved configuration and the API settings that hold a value. */
export async function readCrmSyncState(exec: Executor): Promise<CrmSyncState> {
  const [config, saved] = await Promise.all([crmConfigOf(exec), configuredApiFields(exec)]);
  return crmSyncStateOf(config, (field) => saved.has(field));
}
