import { StaffStandalonePage } from '@client/components/staff-standalone-page';
import PlansManager from './plans-manager';

/** `/plans` (signed-in staff): the plans manager on its own page, with a way back to the admin tab. */
export default function PlansPage() {
  return (
    <StaffStandalonePage title="Subscription Plans" backHref="/admin?tab=plans">
      <PlansManager />
    </StaffStandalonePage>
  );
}
