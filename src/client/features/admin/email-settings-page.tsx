import { lazy } from 'react';
import { StandaloneTabPage } from './standalone-tab-page';

// The same screen as the admin shell's `emails` tab (one component), mounted lazily.
const EmailScreen = lazy(() => import('./email/email-screen'));

/**
 * `/admin/email-settings` (signed-in staff, docs/email.md): Email Settings on its own page, for the roles
 * whose tabs include `emails` (admin, manager, root); the server refuses the calls to anyone else.
 */
export default function EmailSettingsPage() {
  return (
    <StandaloneTabPage
      tab="emails"
      title="Email Settings"
      loading="Loading email settings"
      skeletonClassName="h-80"
    >
      <EmailScreen />
    </StandaloneTabPage>
  );
}
