import { TruckIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/`: the public landing page (placeholder). */
export default function LandingPage() {
  return (
    <ScreenPlaceholder
      title="Fleet management"
      description="Track vehicles, drivers and maintenance in one place."
      icon={TruckIcon}
    />
  );
}
