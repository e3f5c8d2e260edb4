import { useQuery } from '@tanstack/react-query';
import { ScreenHeader } from '@client/components/screen-header';
import { NeedsPermission } from '@client/components/needs-permission';
import { QueryView } from '@client/components/query-view';
import { Skeleton } from '@client/components/ui/skeleton';
import { SubTabs } from '@client/components/sub-tabs';
import { LoadingBlock } from '@client/components/loading-block';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { useSubTab } from '@client/lib/use-sub-tab';
import { apiSettingsQuery, generalSettingsQuery, securitySettingsQuery } from './api';
import { ApiKeysForm } from './api-keys-form';
import { AppearanceForm, ContactForm, GeneralForm, NotificationsForm } from './general-forms';
import { SecurityForm } from './security-form';

const VIEWS = ['general', 'api-keys', 'notifications', 'security', 'appearance'] as const;
type View = (typeof VIEWS)[number];
const LABELS: Record<View, string> = {
  general: 'General',
  'api-keys': 'API Keys',
  notifications: 'Notifications',
  security: 'Security',
  appearance: 'Appearance',
};

const skeleton = (
  <LoadingBlock label="Loading settings">
    <Skeleton className="h-80 max-w-3xl" />
  </LoadingBlock>
);

/**
 * System Settings (tab `settings` and `/admin/settings`; docs/system-settings.md): General,
 * API Keys, Notifications, Security and Appearance. Reading needs `canViewSettings`, saving `canEditSettings`.
 */
export default function SettingsScreen() {
  return (
    <NeedsPermission flag="canViewSettings" label="Loading settings">
      <SystemSettings />
    </NeedsPermission>
  );
}

function SystemSettings() {
  const [view, setView] = useSubTab(VIEWS);
  const canEdit = useStaffAccess().holds('canEditSettings');
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="System Settings"
        description="Company details, third-party API keys, notifications, security and appearance."
      />
      <SubTabs
        views={VIEWS}
        labels={LABELS}
        value={view}
        onChange={setView}
        label="System Settings sections"
        contentClassName="pt-4"
      >
        <SettingsView view={view} canEdit={canEdit} />
      </SubTabs>
    </div>
  );
}

function SettingsView({ view, canEdit }: { view: View; canEdit: boolean }) {
  const general = useQuery({ ...generalSettingsQuery, enabled: view !== 'api-keys' && view !== 'security' });
  const api = useQuery({ ...apiSettingsQuery, enabled: view === 'api-keys' });
  const security = useQuery({ ...securitySettingsQuery, enabled: view === 'security' });
  if (view === 'api-keys')
    return (
      <QueryView query={api} noun="API settings" skeleton={skeleton}>
        {(data) => <ApiKeysForm settings={data} canEdit={canEdit} />}
      </QueryView>
    );
  if (view === 'security')
    return (
      <QueryView query={security} noun="security settings" skeleton={skeleton}>
        {(data) => <SecurityForm settings={data} canEdit={canEdit} />}
      </QueryView>
    );
  if (view === 'general')
    return (
      <QueryView query={general} noun="settings" skeleton={skeleton}>
        {(data) => (
          <div className="grid gap-6">
            <GeneralForm settings={data} canEdit={canEdit} />
            <ContactForm settings={data} canEdit={canEdit} />
          </div>
        )}
      </QueryView>
    );
  const Form = view === 'notifications' ? NotificationsForm : AppearanceForm;
  return (
    <QueryView query={general} noun="settings" skeleton={skeleton}>
      {(data) => <Form settings={data} canEdit={canEdit} />}
    </QueryView>
  );
}
