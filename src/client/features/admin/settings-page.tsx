import { SettingsIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/admin/settings` (signed-in staff): general system settings and third-party API settings (spec 3 §2). */
export default function SettingsPage() {
  return (
    <ScreenPlaceholder
      title="Settings"
      home={{ href: '/admin', label: 'Back to admin dashboard' }}
      description="General system settings and third-party API settings."
      icon={SettingsIcon}
    />
  );
}
