import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor, Tx } from '../../db/client';
import { systemSettings } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import {
  API_SETTINGS_FIELDS,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_SECURITY_SETTINGS,
  MASK,
  generalSettings,
  isSecretField,
  maskSecret,
  securitySettings,
  type ApiSettings,
  type ApiSettingsField,
  type ApiSettingsInput,
  type GeneralSettings,
  type GeneralSettingsInput,
  type SecuritySettings,
  type SecuritySettingsInput,
} from '../../../shared/contracts/system-settings';
import type { PublicContact } from '../../../shared/contracts/contact';
import { recordAudit, type AuditActor } from '../audit';
import { MISSING_KEY_MESSAGE } from './settings-key';
import { readSettingsGroup, settingsGroupFrom, SETTINGS_KEYS, storedSettingsGroup } from './store';
import { DEFAULT_STAFF_PREFERENCES, type StaffPreferences } from '../../../shared/staff-preferences';
import type { InvoiceSeller } from '../billing';
import type { Services } from '../../services';

/** What the settings services need (docs/system-settings.md). */
export type SettingsDeps = Pick<Services, 'db' | 'config' | 'keyring'>;

type GroupKey = (typeof SETTINGS_KEYS)[keyof typeof SETTINGS_KEYS];

/* Reading */

export const generalSettingsOf = (
  exec: Executor,
  config: Pick<Config, 'appName'>,
): Promise<GeneralSettings> =>
  readSettingsGroup(exec, SETTINGS_KEYS.general, generalSettings, generalDefaults(config.appName));

/** `generalSettingsOf` from the group's stored value, read by another statement (`storedGeneralSettings`). */
const generalSettingsFrom = (stored: unknown, appName: string): GeneralSettings =>
  settingsGroupFrom(stored, generalSettings, generalDefaults(appName));

const generalDefaults = (appName: string) => ({ companyName: appName, ...DEFAULT_GENERAL_SETTINGS });

/**
 * What the landing page publishes: only the three contact fields of the general settings, never the rest
 * of the group. A blank phone or email is null (not shown); the hours default to the landing page's
 * (docs/system-settings.md).
 */
export async function publicContactOf(exec: Executor): Promise<PublicContact> {
  const general = await generalSettingsOf(exec, { appName: '' });
  return {
    phone: general.contactPhone || null,
    email: general.contactEmail || null,
    hours: general.contactHours,
  };
}

/** The defaults follow the environment: SESSION_TTL_HOURS and LOGIN_RATE_LIMIT_PER_ACCOUNT. */
export function securityDefaultsOf(
  config: Pick<Config, 'sessionTtlMs' | 'loginRateLimitPerAccount'>,
): SecuritySettings {
  return {
    ...DEFAULT_SECURITY_SETTINGS,
    sessionLifetimeHours: config.sessionTtlMs / 3_600_000,
    lockoutThreshold: config.loginRateLimitPerAccount,
  };
}

/** The security settings in force: what an admin saved, the environment's defaults for the rest. */
/** What the security defaults are made of (the environment's session lifetime and sign-in limit). */
export type SecurityConfig = Pick<Config, 'sessionTtlMs' | 'loginRateLimitPerAccount'>;

export const securitySettingsOf = (exec: Executor, config: SecurityConfig): Promise<SecuritySettings> =>
  readSettingsGroup(exec, SETTINGS_KEYS.security, securitySettings, securityDefaultsOf(config));

const sealContext = (field: ApiSettingsField) => `system_settings.api.${field}`;

async function storedGroup(exec: Executor, key: GroupKey): Promise<Record<string, unknown>> {
  const [row] = await exec
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return row?.value ?? {};
}

/** Secrets masked to their last four characters (`••••` when the key no longer opens them), URLs in full. */
export async function apiSettingsOf({ db, keyring }: SettingsDeps): Promise<ApiSettings> {
  const stored = await storedGroup(db, SETTINGS_KEYS.api);
  const entries = await Promise.all(
    API_SETTINGS_FIELDS.map(async (field): Promise<[ApiSettingsField, string | null]> => {
      const value = stored[field];
      if (typeof value !== 'string' || value === '') return [field, null];
      if (!isSecretField(field)) return [field, value];
      const plain = keyring.source
        ? await keyring.box.open(value, sealContext(field)).catch(() => null)
        : null;
      return [field, plain === null ? MASK : maskSecret(plain)];
    }),
  );
  return {
    values: Object.fromEntries(entries) as ApiSettings['values'],
    encryption: { source: keyring.source, problem: keyring.source ? null : MISSING_KEY_MESSAGE },
  };
}

/**
 * One API secret in the clear, for the integration that uses it (the email delivery job's SendGrid
 * key); null when unset or when the key no longer opens it. Never answered to a client.
 */
export async function apiSecretOf(
  { db, keyring }: Pick<SettingsDeps, 'db' | 'keyring'>,
  field: ApiSettingsField,
): Promise<string | null> {
  const value = (await storedGroup(db, SETTINGS_KEYS.api))[field];
  if (typeof value !== 'string' || value === '') return null;
  if (!isSecretField(field)) return value;
  if (!keyring.source) return null;
  return keyring.box.open(value, sealContext(field)).catch(() => null);
}

/* Changing: one transaction with its audit row, the group's row locked while it is merged. */

/**
 * Changes one `system_settings` group: its row locked while merged (two admins saving at once each build
 * on the other's change), written with its audit row in one transaction, nothing written when nothing
 * changed. The CRM configuration (modules/crm/config.ts) is saved through this too.
 */
export async function updateSettingsGroup(
  db: Db,
  actor: AuditActor,
  key: string,
  change: (
    stored: Record<string, unknown>,
    tx: Tx,
  ) => Promise<{
    next: Record<string, unknown>;
    oldValues: Record<string, unknown>;
    newValues: Record<string, unknown>;
  } | null>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(systemSettings).values({ key, value: {} }).onConflictDoNothing();
    const [row] = await tx
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, key))
      .for('update');
    const result = await change(row?.value ?? {}, tx);
    if (!result) return; // nothing changed: nothing written, nothing audited
    await tx
      .update(systemSettings)
      .set({ value: result.next, updatedByStaffId: actor.actorType === 'staff' ? actor.actorId : null })
      .where(eq(systemSettings.key, key));
    await recordAudit(tx, actor, {
      action: 'update',
      resourceType: 'settings',
      resourceId: key,
      oldValues: result.oldValues,
      newValues: result.newValues,
    });
  });
}

/** The fields whose value differs, before and after. */
export function diffOf<T extends Record<string, unknown>>(before: T, after: T) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const field of Object.keys(after)) {
    if (before[field] === after[field]) continue;
    oldValues[field] = before[field];
    newValues[field] = after[field];
  }
  return Object.keys(newValues).length ? { oldValues, newValues } : null;
}

const definedOnly = <T extends Record<string, unknown>>(input: T): Partial<T> =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;

export async function saveGeneralSettings(
  { db, config }: SettingsDeps,
  actor: AuditActor,
  input: GeneralSettingsInput,
): Promise<GeneralSettings> {
  await updateSettingsGroup(db, actor, SETTINGS_KEYS.general, async (_stored, tx) => {
    const before = await generalSettingsOf(tx, config);
    const after = { ...before, ...definedOnly(input) };
    const diff = diffOf(before, after);
    return diff && { next: after, ...diff };
  });
  return generalSettingsOf(db, config);
}

export async function saveSecuritySettings(
  { db, config }: SettingsDeps,
  actor: AuditActor,
  input: SecuritySettingsInput,
): Promise<SecuritySettings> {
  await updateSettingsGroup(db, actor, SETTINGS_KEYS.security, async (stored, tx) => {
    const before = await securitySettingsOf(tx, config);
    const after = { ...before, ...definedOnly(input) };
    const diff = diffOf(before, after);
    // Only what an admin chose is stored: a field left at its default keeps following the environment.
    return diff && { next: { ...stored, ...definedOnly(input) }, ...diff };
  });
  return securitySettingsOf(db, config);
}

/**
 * A blank or missing field keeps its value; `clear` removes. Secrets are sealed before the
 * transaction opens (the embedded database has one connection) and reach the audit trail only as
 * the names of the fields `changed` and `removed`.
 */
export async function saveApiSettings(
  deps: SettingsDeps,
  actor: AuditActor,
  input: ApiSettingsInput,
): Promise<ApiSettings> {
  const { db, keyring } = deps;
  const clear = new Set(input.clear ?? []);
  const given = API_SETTINGS_FIELDS.flatMap((field) => {
    const value = input[field];
    return value ? [[field, value] as const] : [];
  });
  const both = given.filter(([field]) => clear.has(field));
  if (both.length) {
    throw badRequest(
      'Validation failed',
      Object.fromEntries(both.map(([field]) => [field, 'Enter a new value or clear it, not both'])),
    );
  }
  const secrets = given.filter(([field]) => isSecretField(field));
  if (secrets.length && !keyring.source) throw new HttpError(503, MISSING_KEY_MESSAGE);
  const sealed = new Map<ApiSettingsField, string>(
    await Promise.all(
      given.map(
        async ([field, value]) =>
          [field, isSecretField(field) ? await keyring.box.seal(value, sealContext(field)) : value] as const,
      ),
    ),
  );

  await updateSettingsGroup(db, actor, SETTINGS_KEYS.api, async (stored) => {
    const next: Record<string, unknown> = { ...stored };
    const oldValues: Record<string, unknown> = {};
    const newValues: Record<string, unknown> = {};
    const changed: ApiSettingsField[] = [];
    const removed: ApiSettingsField[] = [];
    const has = (field: ApiSettingsField) => typeof stored[field] === 'string' && stored[field] !== '';
    for (const field of API_SETTINGS_FIELDS) {
      if (clear.has(field)) {
        if (!has(field)) continue;
        delete next[field];
        if (isSecretField(field)) removed.push(field);
        else {
          oldValues[field] = stored[field];
          newValues[field] = null;
        }
        continue;
      }
      const value = sealed.get(field);
      if (value === undefined) continue;
      if (isSecretField(field)) {
        next[field] = value; // a new seal each time: the same key saved again still counts as a change
        changed.push(field);
      } else if (stored[field] !== value) {
        next[field] = value;
        oldValues[field] = has(field) ? stored[field] : null;
        newValues[field] = value;
      }
    }
    if (changed.length) newValues.changed = changed;
    if (removed.length) newValues.removed = removed;
    if (!Object.keys(newValues).length) return null;
    return { next, oldValues, newValues };
  });
  return apiSettingsOf(deps);
}

/** The seller an invoice PDF names: the company name of General settings (APP_NAME until one is saved). */
export async function invoiceSellerOf(exec: Executor, appName: string): Promise<InvoiceSeller> {
  return sellerOf(await generalSettingsOf(exec, { appName }));
}

/** General settings' stored value, as a column of another statement (`invoiceSellerFrom` reads it). */
export const storedGeneralSettings = () => storedSettingsGroup(SETTINGS_KEYS.general);

/** `invoiceSellerOf` from General settings' stored value, read by another statement. */
export function invoiceSellerFrom(stored: unknown, appName: string): InvoiceSeller {
  return sellerOf(generalSettingsFrom(stored, appName));
}

const sellerOf = (general: GeneralSettings): InvoiceSeller => ({
  appName: general.companyName,
  dateFormat: general.dateFormat,
  timezone: general.timezone,
});

/**
 * What a staff member who never chose a theme or timezone in their profile gets: the company's, from
 * General and Appearance. A member's own choice always wins.
 */
export async function staffPreferenceDefaultsOf(exec: Executor): Promise<StaffPreferences> {
  return preferenceDefaultsOf(await generalSettingsOf(exec, { appName: '' }));
}

/** `staffPreferenceDefaultsOf` from General settings' stored value, read by another statement. */
export function staffPreferenceDefaultsFrom(stored: unknown): StaffPreferences {
  return preferenceDefaultsOf(generalSettingsFrom(stored, ''));
}

const preferenceDefaultsOf = (general: GeneralSettings): StaffPreferences => ({
  ...DEFAULT_STAFF_PREFERENCES,
  timezone: general.timezone,
  theme: general.theme === 'auto' ? 'system' : general.theme,
});
