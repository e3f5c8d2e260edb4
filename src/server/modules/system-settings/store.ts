import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { systemSettings } from '../../db/schema';
import type { ApiSettingsField } from '../../../shared/contracts/system-settings';

/** The `system_settings` rows each settings group lives in. */
export const SETTINGS_KEYS = { security: 'security', general: 'general', api: 'api' } as const;

/**
 * One settings group as stored, each field checked on its own: a missing or invalid field reads as its
 * default, so a value written by an older version never breaks a sign-in.
 */
export async function readSettingsGroup<T extends Record<string, unknown>>(
  exec: Executor,
  key: string,
  schema: z.ZodObject,
  defaults: T,
): Promise<T> {
  const [row] = await exec
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return settingsGroupFrom(row?.value, schema, defaults);
}

/** A settings group from its stored value (null when never saved), as `readSettingsGroup` reads it. */
export function settingsGroupFrom<T extends Record<string, unknown>>(
  value: unknown,
  schema: z.ZodObject,
  defaults: T,
): T {
  const stored = (value ?? {}) as Record<string, unknown>;
  const result: Record<string, unknown> = { ...defaults };
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    const parsed = (fieldSchema as z.ZodType).safeParse(stored[field]);
    if (parsed.success && parsed.data !== undefined) result[field] = parsed.data;
  }
  return result as T;
}

/**
 * One group's stored value as a column of another statement (null when never saved), for
 * `settingsGroupFrom`: a read that needs a setting besides its own rows makes one statement, not two.
 */
export const storedSettingsGroup = (key: string) =>
  sql<unknown>`(select ${systemSettings.value} from ${systemSettings} where ${systemSettings.key} = ${key})`;

/**
 * Which API settings hold a value (System Health's integrations read this). The `api` row's value maps
 * each field of contracts/system-settings.ts to its stored form (sealed for secrets); a cleared field is
 * absent.
 */
export async function configuredApiFields(exec: Executor): Promise<Set<ApiSettingsField>> {
  const [row] = await exec
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, SETTINGS_KEYS.api));
  const stored = row?.value ?? {};
  return new Set(
    (Object.keys(stored) as ApiSettingsField[]).filter(
      (field) => typeof stored[field] === 'string' && stored[field] !== '',
    ),
  );
}
