import { UserRoundIcon } from 'lucide-react';
import type { SessionCustomer } from '@shared/contracts/auth';
import { SettingsSection } from './settings-controls';

/** The profile as the session knows it: read only (changes go through support). */
export function ProfileCard({ customer }: { customer: SessionCustomer | null }) {
  const rows: [string, string | null | undefined][] = [
    ['First name', customer?.firstName],
    ['Last name', customer?.lastName],
    ['Email', customer?.email],
    ['Phone', customer?.phone],
    ['Company', customer?.companyName],
  ];
  return (
    <SettingsSection
      icon={UserRoundIcon}
      title="Profile"
      description="To update your profile information, please contact support."
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-1">
            <dt className="text-sm font-medium">{label}</dt>
            <dd className="truncate rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
              {value || 'Not provided'}
            </dd>
          </div>
        ))}
      </dl>
    </SettingsSection>
  );
}
