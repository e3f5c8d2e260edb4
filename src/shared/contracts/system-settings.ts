import { z } from 'zod';

/**
 * System Settings (spec 3 §2, §3, §9; docs/system-settings.md). Each group is one `system_settings` row;
 * a stored value that is missing or no longer valid reads as the defaults here.
 */

/** Security (our addition to the spec's Coming Soon tab): honoured from the next sign-in. */
export const securitySettings = z.object({
  /** How long a new sign-in lasts. */
  sessionLifetimeHours: z.number().int().min(1).max(720),
  /** Failed sign-ins for one account within the window before a browser check is required. */
  lockoutThreshold: z.number().int().min(3).max(50),
  lockoutWindowMinutes: z.number().int().min(1).max(1440),
  /** Audit rows older than this are removed by the retention job, which audits itself. */
  auditRetentionDays: z.number().int().min(30).max(3650),
});
export type SecuritySettings = z.infer<typeof securitySettings>;

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  sessionLifetimeHours: 168,
  lockoutThreshold: 10,
  lockoutWindowMinutes: 15,
  auditRetentionDays: 365,
};

/**
 * API Keys (spec 3 §3 API settings, plus the CRM issue's Salesforce credentials). Secrets are stored
 * sealed and answered masked to their last four characters; URLs are not secret and answer in full.
 */
export const API_SECRET_FIELDS = [
  'sendgridApiKey',
  'openaiApiKey',
  'hubspotApiKey',
  'externalDbApiKey',
  'salesforceAccessToken',
  'salesforceClientId',
  'salesforceClientSecret',
] as const;
export const API_URL_FIELDS = ['externalDbUrl', 'salesforceInstanceUrl'] as const;
export type ApiSettingsField = (typeof API_SECRET_FIELDS)[number] | (typeof API_URL_FIELDS)[number];
