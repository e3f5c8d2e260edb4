import { MailIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/admin/email-settings` (signed-in staff): email settings (placeholder). */
export default function EmailSettingsPage() {
  return <ScreenPlaceholder title="Email Settings" icon={MailIcon} />;
}
