import type { CrmConfig, CrmPlatform } from '../../../shared/contracts/crm';
import type { ApiSettingsField } from '../../../shared/contracts/system-settings';
import type { CrmCredentials } from '../../integrations/crm/adapter';
import type { Db } from '../../db/client';
import { apiSecretOf } from '../system-settings/service';
import type { SettingsKeyring } from '../system-settings/settings-key';

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
  if (!config.enabled) return { ok: false, message: CRM_DISABLED_MESSAGE };
  const credentials = await credentialsOf(deps, config.crmType);
  return credentials
    ? { ok: true, credentials }
    : { ok: false, message: MISSING_CREDENTIALS[config.crmType] };
}

export async function credentialsOf(
  deps: { db: Db; keyring: SettingsKeyring },
  type: CrmPlatform,
): Promise<CrmCredentials | null> {
  if (type === 'hubspot') {
    const accessToken = await apiSecretOf(deps, 'hubspotApiKey');
    return accessToken ? { type, accessToken } : null;
  }
  const [instanceUrl, accessToken, clientId, clientSecret] = await Promise.all([
    apiSecretOf(deps, 'salesforceInstanceUrl'),
    apiSecretOf(deps, 'salesforceAccessToken'),
    apiSecretOf(deps, 'salesforceClientId'),
    apiSecretOf(deps, 'salesforceClientSecret'),
  ]);
  const values: Partial<Record<ApiSettingsField, string | null>> = {
    salesforceInstanceUrl: instanceUrl,
    salesforceAccessToken: accessToken,
    salesforceClientId: clientId,
    salesforceClientSecret: clientSecret,
  };
  return crmCredentialsSaved(type, (field) => !!values[field])
    ? { type, instanceUrl, accessToken, clientId, clientSecret }
    : null;
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
