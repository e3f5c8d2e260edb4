import { StaffPlaceholder } from './staff-placeholder';

/** `/admin/email-settings` (signed-in staff): email templates and automation settings (spec 3 §2). */
export default function EmailSettingsPage() {
  return <StaffPlaceholder path="/admin/email-settings" />;
}
