import { ShieldCheckIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/admin-login`, `/login`, and `/admin` when signed out: staff sign-in (placeholder). */
export default function AdminLoginPage() {
  return <ScreenPlaceholder title="Admin Login" icon={ShieldCheckIcon} />;
}
