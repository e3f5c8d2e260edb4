import { useQuery } from '@tanstack/react-query';
import { SaveIcon } from 'lucide-react';
import type { CustomerSettings } from '@shared/contracts/portal';
import type { SessionCustomer } from '@shared/contracts/auth';
import { QueryView } from '@client/components/query-view';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { settingsQuery } from '@client/lib/customer-settings';
import { usePortalCustomer } from '../use-portal-customer';
import { AccountActions } from './account-actions';
import { ProfileCard } from './profile-card';
import { SettingsGroup } from './settings-controls';
import { SETTINGS_GROUPS } from './settings-options';
import { SyncIndicator } from './sync-indicator';
import { EMAIL_NOT_FOUND, useSettingsAutosave } from './use-settings-autosave';
import { BusyIcon } from '@client/components/busy-icon';

/* The portal's Settings tab (docs/customer-portal.md "Settings"); saving is use-settings-autosave's. */

function SettingsForm({
  email,
  customer,
  initial,
}: {
  email: string;
  customer: SessionCustomer | null;
  initial: CustomerSettings;
}) {
  const { settings, update, save, pending, sync, manualSaving } = useSettingsAutosave(email, initial);
  const values = { settings, update };
  const isOwner = customer?.isOwner ?? true;

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h3 className="text-lg font-semibold tracking-tight">Your preferences</h3>
          <SyncIndicator sync={sync} pending={pending} />
        </div>
        <Button onClick={() => void save('manual')} disabled={manualSaving} className="w-full sm:w-auto">
          <BusyIcon busy={manualSaving} icon={SaveIcon} />
          {manualSaving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>

      <ProfileCard customer={customer} />

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <SettingsGroup group={SETTINGS_GROUPS.notifications} values={values} />
          <SettingsGroup group={SETTINGS_GROUPS.fleet} values={values} />
        </div>
        <div className="grid content-start gap-6">
          <SettingsGroup group={SETTINGS_GROUPS.security} values={values} />
          {/* Exporting or deleting the whole account is for its owner (the server refuses anyone else). */}
          {isOwner ? <AccountActions /> : null}
        </div>
      </div>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <LoadingBlock label="Loading settings">
      <Skeleton className="h-10 w-full max-w-sm" />
      <Skeleton className="h-48 w-full rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </LoadingBlock>
  );
}

/** The Settings tab (no props): the customer comes from the portal's session check or local storage. */
export default function SettingsTab() {
  const { customer, email } = usePortalCustomer();
  const query = useQuery({ ...settingsQuery(email ?? ''), enabled: !!email });

  if (!email) {
    return (
      <Card>
        <CardHeader>
          <CardTitle asHeading="h2">{EMAIL_NOT_FOUND}</CardTitle>
          <CardDescription>Please refresh the page or sign in again to see your settings.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <QueryView query={query} noun="your settings" skeleton={<SettingsSkeleton />}>
      {(data) => <SettingsForm key={email} email={email} customer={customer} initial={data.settings} />}
    </QueryView>
  );
}
