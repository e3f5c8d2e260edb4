import {
  apiSettings,
  generalSettings,
  securitySettingsAnswer,
  type ApiSettingsInput,
  type GeneralSettingsInput,
  type SecuritySettingsInput,
} from '@shared/contracts/system-settings';
import { apiJson, apiMutation, endpointQuery } from '@client/lib/calls';

/* System Settings' calls (docs/system-settings.md). */

export const generalSettingsKey = ['/api/admin/general-settings'] as const;
export const apiSettingsKey = ['/api/admin/api-settings'] as const;
export const securitySettingsKey = ['/api/admin/security-settings'] as const;

export const generalSettingsQuery = endpointQuery(generalSettingsKey, generalSettings);

/** Secrets come masked (`••••` and the last four); URLs in full. */
export const apiSettingsQuery = endpointQuery(apiSettingsKey, apiSettings);

export const securitySettingsQuery = endpointQuery(securitySettingsKey, securitySettingsAnswer);

/** General, Notifications and Appearance all save through this one PUT, each with its own fields. */
export const useSaveGeneralSettings = apiMutation((input: GeneralSettingsInput) =>
  apiJson('PUT', generalSettingsKey[0], generalSettings, input),
);

export const useSaveApiSettings = apiMutation((input: ApiSettingsInput) =>
  apiJson('PUT', apiSettingsKey[0], apiSettings, input),
);

export const useSaveSecuritySettings = apiMutation((input: SecuritySettingsInput) =>
  apiJson('PUT', securitySettingsKey[0], securitySettingsAnswer, input),
);
