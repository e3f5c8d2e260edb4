import { useQuery } from '@tanstack/react-query';
import { ScreenFrame } from '@client/components/screen-frame';
import { ScreenSections } from '@client/components/screen-sections';
import { NeedsPermission } from '@client/components/needs-permission';
import { QueryView } from '@client/components/query-view';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadingBlock } from '@client/components/loading-block';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { apiSettingsQuery, generalSettingsQuery, securitySettingsQuery } from './api';
import { ApiKeysForm } from './api-keys-form';
import { AppearanceForm, ContactForm, GeneralForm, NotificationsForm } from './general-forms';
import { SecurityForm } from './security-form';

const SECTIONS = {
  general: 'General',
  'api-keys': 'API Keys',
  notifications: 'Notifications',
  security: 'Security',
  appearance: 'Appearance',
} as const;
type View = keyof typeof SECTIONS;

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
  const canEdit = useStaffAccess().holds('canEditSettings');
  return (
    <ScreenFrame
      title="System Settings"
      description="Company details, third-party API keys, notifications, security and appearance."
    >
      <ScreenSections sections={SECTIONS} label="System Settings sections" contentClassName="pt-4">
        {(view) => <SettingsView view={view} canEdit={canEdit} />}
      </ScreenSections>
    </ScreenFrame>
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
