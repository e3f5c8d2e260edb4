import { StaffPlaceholder } from './staff-placeholder';

/** `/admin/settings` (signed-in staff): general system settings and third-party API settings (spec 3 §2). */
export default function SettingsPage() {
  return <StaffPlaceholder path="/admin/settings" />;
}
