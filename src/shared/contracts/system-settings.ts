import { z } from 'zod';
import { STAFF_TIMEZONES } from '../staff-preferences';
import { emailField, requiredText } from './common';

/**
 * System Settings (docs/system-settings.md). Each group is one `system_settings` row;
 * a stored value that is missing or no longer valid reads as the defaults here.
 */

/** Security (our addition, docs/system-settings.md "Security"): honoured from the next sign-in. */
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
 * API Keys (the original API's five fields, plus the CRM issue's Salesforce credentials). Secrets are stored
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

export const API_SETTINGS_FIELDS = [...API_SECRET_FIELDS, ...API_URL_FIELDS] as const;

export const isSecretField = (field: ApiSettingsField): boolean =>
  (API_SECRET_FIELDS as readonly string[]).includes(field);

/** The screen's label of each API field. */
export const API_FIELD_LABELS: Record<ApiSettingsField, string> = {
  sendgridApiKey: 'SendGrid API key',
  openaiApiKey: 'OpenAI API key',
  hubspotApiKey: 'HubSpot API key',
  externalDbUrl: 'External database URL',
  externalDbApiKey: 'External database API key',
  salesforceInstanceUrl: 'Salesforce instance URL',
  salesforceAccessToken: 'Salesforce access token',
  salesforceClientId: 'Salesforce client ID',
  salesforceClientSecret: 'Salesforce client secret',
};

/**
 * The feature that reads each value, or null while none does (the screen says so beside the field).
 * Email delivery, the CRM sync and the external database arrive in later issues; set their entry here
 * when they start reading the value.
 */
export const API_FIELD_USED_BY: Record<ApiSettingsField, string | null> = {
  sendgridApiKey: 'email delivery, when SMTP_URL is not set',
  openaiApiKey: null,
  hubspotApiKey: 'CRM Integration, when the platform is HubSpot',
  externalDbUrl: 'the External Database imports, in place of EXTERNAL_DB_URL',
  externalDbApiKey: 'the External Database imports, in place of EXTERNAL_DB_API_KEY',
  salesforceInstanceUrl: 'CRM Integration, when the platform is Salesforce',
  salesforceAccessToken: 'CRM Integration, when the platform is Salesforce',
  salesforceClientId: 'CRM Integration, when the platform is Salesforce',
  salesforceClientSecret: 'CRM Integration, when the platform is Salesforce',
};

const secretValue = z
  .string()
  .trim()
  .max(1000, 'At most 1,000 characters')
  .refine((v) => !/\s/.test(v), 'A key has no spaces or line breaks');
const hasCredentials = (url: URL) => url.username !== '' || url.password !== '';
const urlValue = z
  .string()
  .trim()
  .max(2000, 'At most 2,000 characters')
  .refine(
    (v) => v === '' || (/^https?:\/\/[^\s/?#]+/i.test(v) && URL.canParse(v)),
    'Enter a URL such as https://db.example.com',
  )
  // A URL is stored, answered and audited in full: a user name or password in it would be a secret in
  // plain text. Credentials go in the fields made for them (sealed and masked).
  .refine(
    (v) => !URL.canParse(v) || !hasCredentials(new URL(v)),
    'Put credentials in the API key fields, not in the URL',
  );

/**
 * `PUT /api/admin/api-settings`: the original API's five keys plus Salesforce's (docs/system-settings.md).
 * A blank or missing field keeps what is stored; a field named in `clear` is removed.
 */
export const apiSettingsInput = z.object({
  sendgridApiKey: secretValue.optional(),
  openaiApiKey: secretValue.optional(),
  hubspotApiKey: secretValue.optional(),
  externalDbUrl: urlValue.optional(),
  externalDbApiKey: secretValue.optional(),
  salesforceInstanceUrl: urlValue.optional(),
  salesforceAccessToken: secretValue.optional(),
  salesforceClientId: secretValue.optional(),
  salesforceClientSecret: secretValue.optional(),
  clear: z.array(z.enum(API_SETTINGS_FIELDS)).max(API_SETTINGS_FIELDS.length).optional(),
});
export type ApiSettingsInput = z.infer<typeof apiSettingsInput>;

/** Where the key that seals API secrets comes from; null: none, so secrets cannot be saved. */
export const SETTINGS_KEY_SOURCES = ['environment', 'data-directory', 'app-secret'] as const;

/**
 * The API settings as answered: a secret as `••••` and its last four characters (`••••` alone when
 * it is shorter than 12 characters or the stored value no longer opens, e.g. the key changed), a URL
 * in full (never with credentials: refused on input), null when not set.
 */
export const apiSettings = z.object({
  values: z.object(
    Object.fromEntries(API_SETTINGS_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
      ApiSettingsField,
      z.ZodNullable<z.ZodString>
    >,
  ),
  encryption: z.object({
    source: z.enum(SETTINGS_KEY_SOURCES).nullable(),
    /** Why secrets cannot be saved (no key), or null. */
    problem: z.string().nullable(),
  }),
});
export type ApiSettings = z.infer<typeof apiSettings>;

export const MASK = '••••';
/** Secrets shorter than this answer the mask alone: their last four would be too much of them. */
export const MASK_TAIL_FROM = 12;
/**
 * `••••` and the last four characters: all an answer ever shows of a secret; `••••` alone for a
 * secret shorter than 12 characters (a 4-character key's last four are the whole key).
 */
export const maskSecret = (plain: string): string =>
  plain.length < MASK_TAIL_FROM ? MASK : MASK + plain.slice(-4);

/* General settings: the union of the screen's two variants (docs/system-settings.md "General"). */

/** The same list a member picks their own from: the company's timezone is their default. */
export const GENERAL_TIMEZONES = STAFF_TIMEZONES;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
] as const;
/** `auto` follows the operating system (the product's `system`). */
export const SETTINGS_THEMES = ['light', 'dark', 'auto'] as const;

type Values<T extends readonly { value: string }[]> = T[number]['value'];
const valuesOf = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as [Values<T>, ...Values<T>[]];

export const generalSettings = z.object({
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(100, 'At most 100 characters'),
  timezone: z.enum(valuesOf(GENERAL_TIMEZONES), { error: 'Choose a timezone from the list' }),
  dateFormat: z.enum(DATE_FORMATS, { error: 'Choose a date format from the list' }),
  currency: z.enum(CURRENCIES, { error: 'Choose USD, EUR, GBP or CAD' }),
  language: z.enum(valuesOf(LANGUAGES), { error: 'Choose a language from the list' }),
  theme: z.enum(SETTINGS_THEMES, { error: 'Choose light, dark or auto' }),
  emailNotifications: z.boolean({ error: 'On or off' }),
  smsNotifications: z.boolean({ error: 'On or off' }),
  desktopNotifications: z.boolean({ error: 'On or off' }),
  /** The landing page's contact section (public, `GET /api/contact`); blank: not shown. */
  contactPhone: z
    .string({ error: 'A phone number, or blank' })
    .trim()
    .max(30, 'At most 30 characters')
    .regex(/^$|^\+?[0-9][0-9 ().-]{5,27}[0-9]$/, 'A phone number: digits, spaces and + ( ) . - only'),
  contactEmail: z.union([z.literal(''), emailField('An email address, or blank')], {
    error: 'An email address, or blank',
  }),
  contactHours: requiredText('Opening hours are required', 100, 'At most 100 characters'),
});
export type GeneralSettings = z.infer<typeof generalSettings>;

/** Each tab (General, Notifications, Appearance) sends its own fields; the rest stay as stored. */
export const generalSettingsInput = generalSettings.partial();
export type GeneralSettingsInput = z.infer<typeof generalSettingsInput>;

/** The defaults; the company name's is the product's name (APP_NAME), filled in by the server. */
export const DEFAULT_GENERAL_SETTINGS: Omit<GeneralSettings, 'companyName'> = {
  timezone: 'America/Los_Angeles',
  dateFormat: 'MM/DD/YYYY',
  currency: 'USD',
  language: 'en',
  theme: 'auto',
  emailNotifications: true,
  smsNotifications: false,
  desktopNotifications: false,
  // The hours the site always showed; no phone or email is invented: blank ones are not shown on the landing page.
  contactPhone: '',
  contactEmail: '',
  contactHours: 'Mon-Fri 9AM-6PM EST',
};

/** `PUT /api/admin/security-settings`: any of the four, the rest stay as stored. */
export const securitySettingsInput = z
  .object({
    sessionLifetimeHours: wholeNumber('hours', 1, 720),
    lockoutThreshold: wholeNumber('failures', 3, 50),
    lockoutWindowMinutes: wholeNumber('minutes', 1, 1440),
    auditRetentionDays: wholeNumber('days', 30, 3650),
  } satisfies Record<keyof SecuritySettings, z.ZodType>)
  .partial();

function wholeNumber(unit: string, min: number, max: number) {
  return z
    .number({ error: `Enter a number of ${unit}` })
    .int(`Enter a whole number of ${unit}`)
    .min(min, `At least ${min} ${min === 1 ? unit.replace(/s$/, '') : unit}`)
    .max(max, `At most ${max.toLocaleString('en-US')} ${unit}`);
}
export type SecuritySettingsInput = z.infer<typeof securitySettingsInput>;

/**
 * The answer: the values in force. A default taken from the environment (SESSION_TTL_HOURS,
 * LOGIN_RATE_LIMIT_PER_ACCOUNT) may lie outside the range an admin may choose, so it is not bounded here.
 */
export const securitySettingsAnswer = z.object({
  sessionLifetimeHours: z.number(),
  lockoutThreshold: z.number(),
  lockoutWindowMinutes: z.number(),
  auditRetentionDays: z.number(),
});
