import { SettingsIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/admin/settings` (signed-in staff): system settings (placeholder). */
export default function SettingsPage() {
  return <ScreenPlaceholder title="Settings" icon={SettingsIcon} />;
}
