import { SettingsIcon } from 'lucide-react';
import { StaffPagePlaceholder } from './shell/staff-page-placeholder';

/** `/admin/settings` (signed-in staff): general system settings and third-party API settings (spec 3 §2). */
export default function SettingsPage() {
  return (
    <StaffPagePlaceholder
      title="Settings"
      summary="General system settings and third-party API settings."
      icon={SettingsIcon}
    />
  );
}
