import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import type { CrmStatus } from '@shared/contracts/crm';
import { LoadingBlock } from '@client/components/loading-block';
import { QueryView } from '@client/components/query-view';
import { ScreenFrame } from '@client/components/screen-frame';
import { ScreenSections } from '@client/components/screen-sections';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { crmCustomersQuery, crmStatusQuery, crmUsersQuery } from './api';
import { OverviewTab } from './overview-tab';
import { RecordsTab } from './records-tab';
import { ConnectionCard } from './connection-card';
import { SettingsTab } from './settings-tab';

const SECTIONS = {
  overview: 'Overview',
  customers: 'Customers',
  users: 'Users',
  settings: 'Settings',
} as const;

const skeleton = (
  <div className="grid gap-6">
    <StatTilesSkeleton label="Loading the CRM integration" />
    <LoadingBlock label="">
      <Skeleton className="h-64" />
    </LoadingBlock>
  </div>
);

/**
 * CRM Integration (tab `crm`; docs/crm.md): summary cards, each customer's and team user's
 * sync status with its Sync button, bulk syncs with their real progress, and the settings.
 */
export default function CrmScreen() {
  const status = useQuery(crmStatusQuery);
  return (
    <ScreenFrame
      title="CRM Integration"
      description="Keep customers and team users in step with HubSpot or Salesforce."
    >
      <QueryView query={status} noun="the CRM integration" skeleton={skeleton}>
        {(data) => <CrmTabs status={data} />}
      </QueryView>
    </ScreenFrame>
  );
}

function CrmTabs({ status }: { status: CrmStatus }) {
  const canEdit = useStaffAccess().holds('canEditSettings');
  return (
    <div className="space-y-4">
      {status.blocked ? (
        <div
          role="status"
          data-testid="crm-blocked"
          className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
        >
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{status.blocked} Sync buttons stay off until then; everything else works as usual.</span>
        </div>
      ) : null}
      <ScreenSections sections={SECTIONS} label="CRM Integration sections" contentClassName="pt-4">
        {(view) =>
          view === 'overview' ? (
            <OverviewTab status={status} canEdit={canEdit} />
          ) : view === 'customers' ? (
            <RecordsTab
              entity="customer"
              listQuery={crmCustomersQuery}
              nameOf={(c) => c.companyName}
              detailOf={(c) => c.contactName}
              job={status.jobs.customers}
              blocked={status.blocked}
              canEdit={canEdit}
            />
          ) : view === 'users' ? (
            <RecordsTab
              entity="user"
              listQuery={crmUsersQuery}
              nameOf={(u) => u.name}
              detailOf={(u) => u.role}
              job={status.jobs.users}
              blocked={status.blocked}
              canEdit={canEdit}
            />
          ) : (
            <div className="grid gap-6">
              <SettingsTab config={status.config} canEdit={canEdit} />
              <ConnectionCard config={status.config} canEdit={canEdit} />
            </div>
          )
        }
      </ScreenSections>
    </div>
  );
}
