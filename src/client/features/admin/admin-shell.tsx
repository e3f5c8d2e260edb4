import { LayoutDashboardIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/admin` (signed-in staff): the admin shell; it will read `?tab=` itself (placeholder). */
export default function AdminShell() {
  return <ScreenPlaceholder title="Admin Dashboard" icon={LayoutDashboardIcon} />;
}
