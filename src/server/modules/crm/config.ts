import {
  crmConfig,
  DEFAULT_CRM_CONFIG,
  type CrmConfig,
  type CrmConfigInput,
} from '../../../shared/contracts/crm';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { AuditActor } from '../audit';
import { diffOf, updateSettingsGroup } from '../system-settings';
import { readSettingsGroup } from '../system-settings';

/** The `system_settings` row the CRM configuration lives in (beside general, security and api). */
export const CRM_SETTINGS_KEY = 'crm';

export const crmConfigOf = (exec: Executor): Promise<CrmConfig> =>
  readSettingsGroup(exec, CRM_SETTINGS_KEY, crmConfig, DEFAULT_CRM_CONFIG);

/**
 * The configuration after `input` (a partial PUT), or the refusal docs/crm.md states: auto-sync only
 * while the integration is enabled, the interval only while both are on. Turning the integration off
 * turns auto-sync off with it, so a disabled integration never shows a switched-on schedule.
 */
export function nextCrmConfig(before: CrmConfig, input: CrmConfigInput): CrmConfig {
  const after: CrmConfig = {
    enabled: input.enabled ?? before.enabled,
    crmType: input.crmType ?? before.crmType,
    autoSync: input.autoSync ?? before.autoSync,
    syncInterval: input.syncInterval ?? before.syncInterval,
  };
  if (input.autoSync && !after.enabled) {
    throw badRequest('Enable the CRM integration before turning on auto-sync', {
      autoSync: 'Enable the CRM integration before turning on auto-sync',
    });
  }
  if (input.syncInterval !== undefined && input.syncInterval !== before.syncInterval) {
    if (!after.enabled || !after.autoSync) {
      throw badRequest('Turn on the integration and auto-sync before changing the sync interval', {
        syncInterval: 'Turn on the integration and auto-sync before changing the sync interval',
      });
    }
  }
  if (!after.enabled) after.autoSync = false;
  return after;
}

/** Saves a partial change with its audit row (old and new values of the fields that changed). */
export async function saveCrmConfig(db: Db, actor: AuditActor, input: CrmConfigInput): Promise<CrmConfig> {
  let saved: CrmConfig | null = null;
  await updateSettingsGroup(db, actor, CRM_SETTINGS_KEY, async (_stored, tx) => {
    const before = await crmConfigOf(tx);
    saved = nextCrmConfig(before, input);
    const diff = diffOf(before, saved);
    return diff && { next: saved, ...diff };
  });
  return saved!;
}
