import { TruckIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/fleet-management`: the customer's fleet app (placeholder). */
export default function FleetPage() {
  return <ScreenPlaceholder title="Fleet Management" icon={TruckIcon} />;
}
