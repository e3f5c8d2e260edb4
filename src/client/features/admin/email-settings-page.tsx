import { MailIcon } from 'lucide-react';
import { StaffPagePlaceholder } from './shell/staff-page-placeholder';

/** `/admin/email-settings` (signed-in staff): email templates and automation settings (spec 3 §2). */
export default function EmailSettingsPage() {
  return (
    <StaffPagePlaceholder
      title="Email Settings"
      summary="Email templates, automation rules and delivery settings."
      icon={MailIcon}
    />
  );
}
