import { MailIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/admin/email-settings` (signed-in staff): email templates and automation settings (spec 3 §2). */
export default function EmailSettingsPage() {
  return (
    <ScreenPlaceholder
      title="Email Settings"
      home={{ href: '/admin', label: 'Back to admin dashboard' }}
      description="Email templates, automation rules and delivery settings."
      icon={MailIcon}
    />
  );
}
