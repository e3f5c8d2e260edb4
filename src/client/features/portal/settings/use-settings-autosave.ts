import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomerSettings } from '@shared/contracts/portal';
import { toast } from '@client/lib/toast';
import { settingsQuery } from '@client/lib/customer-settings';
import { saveCustomerSettings, type SaveKind } from '../api';
import { toastSettingsSaved } from './settings-saved-toast';
import type { SyncState } from './sync-indicator';

/*
 * The Settings tab's saving (docs/customer-portal.md): any change is kept locally at once and saved 2 s after
 * the last change (AUTOSAVE_DELAY_MS); Save Changes saves now. The sync state reads idle, syncing,
 * success (with the time) or error, which returns to idle after 3 s.
 */

const AUTOSAVE_DELAY_MS = 2000;
const SYNC_ERROR_RESET_MS = 3000;
const SAVE_FAILED = 'Failed to save settings. Please try again.';
export const EMAIL_NOT_FOUND = 'Customer email not found';

export function useSettingsAutosave(email: string, initial: CustomerSettings) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(initial);
  const [pending, setPending] = useState(false);
  const [sync, setSync] = useState<SyncState>({ kind: 'idle' });
  const [manualSaving, setManualSaving] = useState(false);
  // Refs so the timers always send the newest settings, and unmount can flush a waiting save.
  const latest = useRef(initial);
  const autosaveTimer = useRef<number | undefined>(undefined);
  const errorTimer = useRef<number | undefined>(undefined);

  const save = useCallback(
    async (kind: SaveKind) => {
      window.clearTimeout(autosaveTimer.current);
      autosaveTimer.current = undefined;
      window.clearTimeout(errorTimer.current);
      if (!email) {
        toast({ title: EMAIL_NOT_FOUND, description: SAVE_FAILED, variant: 'destructive' });
        return;
      }
      const sent = latest.current;
      setSync({ kind: 'syncing' });
      if (kind === 'manual') setManualSaving(true);
      try {
        const answer = await saveCustomerSettings(email, sent, kind);
        queryClient.setQueryData(settingsQuery(email).queryKey, { settings: answer.settings });
        // A change made while this save ran is still waiting for its own save.
        if (latest.current === sent) setPending(false);
        setSync({ kind: 'success', at: answer.savedAt, crm: answer.crmSyncStatus });
        toastSettingsSaved(kind, answer);
      } catch {
        setSync({ kind: 'error' });
        errorTimer.current = window.setTimeout(() => setSync({ kind: 'idle' }), SYNC_ERROR_RESET_MS);
        toast({ title: 'Save Failed', description: SAVE_FAILED, variant: 'destructive' });
      } finally {
        if (kind === 'manual') setManualSaving(false);
      }
    },
    [email, queryClient],
  );

  const update = <K extends keyof CustomerSettings>(key: K, value: CustomerSettings[K]) => {
    const next = { ...latest.current, [key]: value };
    latest.current = next;
    setSettings(next);
    setPending(true);
    window.clearTimeout(autosaveTimer.current);
    autosaveTimer.current = window.setTimeout(() => void save('auto'), AUTOSAVE_DELAY_MS);
  };

  // Leaving the tab with a change still waiting saves it at once instead of dropping it.
  useEffect(
    () => () => {
      window.clearTimeout(errorTimer.current);
      if (autosaveTimer.current === undefined) return;
      window.clearTimeout(autosaveTimer.current);
      if (email) {
        void saveCustomerSettings(email, latest.current, 'auto', { keepalive: true })
          .then((answer) =>
            queryClient.setQueryData(settingsQuery(email).queryKey, { settings: answer.settings }),
          )
          .catch(() => undefined);
      }
    },
    [email, queryClient],
  );

  return { settings, update, save, pending, sync, manualSaving };
}
