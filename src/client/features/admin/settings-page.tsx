import { lazy } from 'react';
import { StandaloneTabPage } from './standalone-tab-page';

// The same screen as the admin shell's `settings` tab (one component), mounted lazily.
const SettingsScreen = lazy(() => import('./settings/settings-screen'));

/**
 * `/admin/settings` (signed-in staff, docs/system-settings.md): System Settings on its own page, for the roles whose
 * tabs include `settings` (admin and root); the server refuses the calls to anyone else on its own.
 */
export default function SettingsPage() {
  return (
    <StandaloneTabPage
      tab="settings"
      title="System Settings"
      loading="Loading settings"
      skeletonClassName="h-80 max-w-3xl"
    >
      <SettingsScreen />
    </StandaloneTabPage>
  );
}
