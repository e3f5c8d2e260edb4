import { MailIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** The staff pages of spec 3 §2 that are not built yet. */
const PAGES = {
  '/admin/email-settings': {
    title: 'Email Settings',
    description: 'Email templates, automation rules and delivery settings.',
    icon: MailIcon,
  },
} as const;

/** A staff page's honest stand-in, leading back to the admin dashboard. */
export function StaffPlaceholder({ path }: { path: keyof typeof PAGES }) {
  return <ScreenPlaceholder {...PAGES[path]} home={{ href: '/admin', label: 'Back to admin dashboard' }} />;
}
