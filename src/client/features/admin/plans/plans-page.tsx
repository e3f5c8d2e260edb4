import { LayersIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/plans` (signed-in staff): the standalone subscription plans manager (placeholder). */
export default function PlansPage() {
  return <ScreenPlaceholder title="Subscription Plans" icon={LayersIcon} />;
}
