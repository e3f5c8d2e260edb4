import { AlertCircleIcon, CheckCircle2Icon, CloudIcon, LoaderCircleIcon } from 'lucide-react';
import type { SaveSettingsAnswer } from '../api';

export type SyncState =
  | { kind: 'idle' }
  | { kind: 'syncing' }
  | { kind: 'success'; at: string; crm: SaveSettingsAnswer['crmSyncStatus'] }
  | { kind: 'error' };

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** idle, syncing, success (with the time) or error, and 'Unsaved changes' while a save waits. */
export function SyncIndicator({ sync, pending }: { sync: SyncState; pending: boolean }) {
  let icon = <CloudIcon className="size-4" aria-hidden="true" />;
  let text = 'All changes are saved automatically';
  let tone = 'text-muted-foreground';
  if (sync.kind === 'syncing') {
    icon = <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />;
    text = 'Saving...';
  } else if (sync.kind === 'error') {
    icon = <AlertCircleIcon className="size-4" aria-hidden="true" />;
    text = 'Saving failed';
    tone = 'text-destructive';
  } else if (pending) {
    icon = <CloudIcon className="size-4" aria-hidden="true" />;
    text = 'Unsaved changes';
  } else if (sync.kind === 'success') {
    icon = <CheckCircle2Icon className="size-4" aria-hidden="true" />;
    const at = timeFormat.format(new Date(sync.at));
    text = sync.crm === 'success' ? `Saved and synced at ${at}` : `Saved at ${at}`;
    tone = 'text-success';
  }
  return (
    <p
      role="status"
      data-testid="settings-sync-status"
      data-state={pending && sync.kind === 'idle' ? 'pending' : sync.kind}
      className={`flex items-center gap-1.5 text-sm ${tone}`}
    >
      {icon}
      {text}
    </p>
  );
}
