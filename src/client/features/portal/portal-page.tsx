import { LayoutDashboardIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/customer-dashboard` and `/customer-billing`: the customer portal (placeholder). */
export default function PortalPage() {
  return <ScreenPlaceholder title="Customer Portal" icon={LayoutDashboardIcon} />;
}
