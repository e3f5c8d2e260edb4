import { KeyRoundIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/change-password`: the customer's change-password screen (placeholder). */
export default function ChangePasswordPage() {
  return <ScreenPlaceholder title="Change Password" icon={KeyRoundIcon} />;
}
