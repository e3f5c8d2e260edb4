import { toast } from '@client/lib/toast';
import type { SaveKind, SaveSettingsAnswer } from '../api';

/** What a saved change says: an autosave briefly, Save Changes with how the CRM sync went. */
export function toastSettingsSaved(kind: SaveKind, answer: SaveSettingsAnswer) {
  if (kind === 'auto') {
    toast({
      title: 'Auto-saved',
      description:
        answer.crmSyncStatus === 'success'
          ? 'Your settings were saved and synced.'
          : 'Your settings were saved. CRM sync pending.',
      variant: 'success',
    });
  } else if (answer.crmSyncStatus === 'success') {
    toast({
      title: 'Settings Saved & Synced',
      description: 'Your settings were saved and synced with your fleet system.',
      variant: 'success',
    });
  } else if (answer.crmSyncStatus === 'partial') {
    toast({ title: 'Settings Saved', description: 'Your settings were saved. Sync will retry.' });
  } else {
    toast({
      title: 'Settings Saved Locally',
      description: 'Your settings were saved, but syncing failed. It will retry.',
    });
  }
}
