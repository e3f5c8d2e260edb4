import { RefreshCwIcon } from 'lucide-react';
import { CRM_SYNC_STATUS_LABELS, type CrmEntityType } from '@shared/contracts/crm';
import { Badge, type BadgeProps } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageOf } from '@client/lib/api';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { useSyncRecord } from './api';

const VARIANTS: Record<string, BadgeProps['variant']> = {
  success: 'success',
  failed: 'destructive',
  pending: 'warning',
};

/** Synced, Failed, Pending, anything else Unknown; a record never sent reads Not synced. */
export function syncStatusLabel(status: string | null): string {
  if (status === null) return 'Not synced';
  return (CRM_SYNC_STATUS_LABELS as Record<string, string>)[status] ?? 'Unknown';
}

/** A record's sync state: the badge, when it last went through, and the provider's words for a failure. */
export function SyncState({
  status,
  lastSyncAt,
  error,
}: {
  status: string | null;
  lastSyncAt: string | null;
  error: string | null;
}) {
  return (
    <span className="flex flex-col gap-0.5" data-testid="crm-sync-state">
      <Badge variant={status === null ? 'outline' : (VARIANTS[status] ?? 'secondary')}>
        {syncStatusLabel(status)}
      </Badge>
      {lastSyncAt ? (
        <span className="text-xs text-muted-foreground">Last synced {formatStaffDateTime(lastSyncAt)}</span>
      ) : null}
      {status === 'failed' && error ? (
        <span className="text-xs break-words text-destructive">{error}</span>
      ) : null}
    </span>
  );
}

const DONE: Record<CrmEntityType, string> = { customer: 'Customer Synced', user: 'User Synced' };

/** The per-record Sync button and its toasts (docs/crm.md). */
export function SyncRecordButton({
  entity,
  id,
  name,
  disabled,
}: {
  entity: CrmEntityType;
  id: string;
  name: string;
  disabled: boolean;
}) {
  const sync = useSyncRecord(entity);
  const run = async () => {
    try {
      await sync.mutateAsync(id);
      toast({ title: DONE[entity], description: `${name} is up to date in the CRM.`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Sync Failed',
        description: errorMessageOf(error, 'The record could not be synced. Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void run()}
      disabled={disabled || sync.isPending}
      aria-label={`Sync ${name}`}
    >
      {sync.isPending ? <Spinner size="sm" label="Syncing" /> : <RefreshCwIcon aria-hidden="true" />}
      Sync
    </Button>
  );
}
