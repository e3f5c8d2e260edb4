import { LogInIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/customer-login`: customer sign-in (placeholder). */
export default function CustomerLoginPage() {
  return <ScreenPlaceholder title="Customer Login" icon={LogInIcon} />;
}
