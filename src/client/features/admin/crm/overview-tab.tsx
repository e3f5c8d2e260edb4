import { CheckCircle2Icon, DatabaseIcon, RefreshCwIcon, XCircleIcon } from 'lucide-react';
import { CRM_PLATFORM_LABELS, type CrmStatus } from '@shared/contracts/crm';
import { StatTileRow } from '@client/components/stat-tile-row';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { BulkSyncPanel, bulkCompleteText } from './bulk-sync-panel';
import { intervalLabel } from './settings-tab';

const count = (n: number) => n.toLocaleString('en-US');

/** The summary cards, counted from the integration records, and the bulk syncs. */
export function OverviewTab({ status, canEdit }: { status: CrmStatus; canEdit: boolean }) {
  const { summary, config, jobs } = status;
  return (
    <div className="space-y-6">
      <StatTileRow
        tiles={[
          {
            label: 'Total Syncs',
            value: count(summary.totalSyncs),
            hint: 'Records sent to this CRM at least once',
            icon: RefreshCwIcon,
            testId: 'crm-total',
          },
          {
            label: 'Successful',
            value: count(summary.successful),
            hint: 'Last sync went through',
            icon: CheckCircle2Icon,
            testId: 'crm-successful',
          },
          {
            label: 'Failed',
            value: count(summary.failed),
            hint: 'Last sync refused; the reason is on the record',
            icon: XCircleIcon,
            testId: 'crm-failed',
          },
          {
            label: 'CRM Type',
            value: CRM_PLATFORM_LABELS[summary.crmType],
            hint: config.enabled ? 'Integration on' : 'Integration off',
            icon: DatabaseIcon,
            testId: 'crm-type',
          },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <BulkSyncPanel
          entity="customers"
          latest={jobs.customers}
          blocked={status.blocked}
          canEdit={canEdit}
        />
        <BulkSyncPanel entity="users" latest={jobs.users} blocked={status.blocked} canEdit={canEdit} />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="crm-auto-sync">
        {config.enabled && config.autoSync
          ? `Auto-sync: ${intervalLabel(config.syncInterval).toLowerCase()}, sending what changed. `
          : 'Auto-sync is off. '}
        {jobs.auto
          ? jobs.auto.status === 'running'
            ? 'An automatic sync is running now.'
            : jobs.auto.status === 'failed'
              ? `Last automatic sync ${formatStaffDateTime(jobs.auto.createdAt)} failed: ${jobs.auto.error}`
              : `Last automatic sync ${formatStaffDateTime(jobs.auto.createdAt)}: ${bulkCompleteText(jobs.auto)}`
          : 'No automatic sync has run yet.'}
      </p>
    </div>
  );
}
