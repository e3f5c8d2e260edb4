import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  BellIcon,
  DatabaseIcon,
  KeyRoundIcon,
  LoaderCircleIcon,
  SaveIcon,
  ShieldIcon,
  TruckIcon,
} from 'lucide-react';
import type { CustomerSettings } from '@shared/contracts/portal';
import type { SessionCustomer } from '@shared/contracts/auth';
import { LoadFailed } from '@client/components/load-failed';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { settingsQuery } from '../api';
import ChangePasswordDialog from '../security/change-password-dialog';
import { usePortalCustomer } from '../use-portal-customer';
import { AccountActions } from './account-actions';
import { ProfileCard } from './profile-card';
import { SelectRow, SettingsSection, SwitchRow } from './settings-controls';
import {
  DEFAULT_VIEWS,
  DISTANCE_UNITS,
  EXPORT_FORMATS,
  REFRESH_INTERVALS,
  RETENTION_PERIODS,
  SESSION_TIMEOUTS,
} from './settings-options';
import { SyncIndicator } from './sync-indicator';
import { EMAIL_NOT_FOUND, useSettingsAutosave } from './use-settings-autosave';

/* The portal's Settings tab (spec 1 §2, saving states §4, texts §8); saving is use-settings-autosave's. */

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
  const [passwordOpen, setPasswordOpen] = useState(false);
  const isOwner = customer?.isOwner ?? true;

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h3 className="text-lg font-semibold tracking-tight">Your preferences</h3>
          <SyncIndicator sync={sync} pending={pending} />
        </div>
        <Button onClick={() => void save('manual')} disabled={manualSaving} className="w-full sm:w-auto">
          {manualSaving ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {manualSaving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>

      <ProfileCard customer={customer} />

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <SettingsSection
            icon={BellIcon}
            title="Notification preferences"
            description="Choose what we tell you about and how."
          >
            <SwitchRow
              label="Email notifications"
              description="Billing, plan and account updates by email."
              checked={settings.emailNotifications}
              onCheckedChange={(value) => update('emailNotifications', value)}
            />
            <SwitchRow
              label="Push notifications"
              description="Alerts in your browser and the mobile app."
              checked={settings.pushNotifications}
              onCheckedChange={(value) => update('pushNotifications', value)}
            />
            <SwitchRow
              label="Marketing emails"
              description="Product news, tips and offers."
              checked={settings.marketingEmails}
              onCheckedChange={(value) => update('marketingEmails', value)}
            />
            <SwitchRow
              label="Security alerts"
              description="Sign-ins and password changes on your account."
              checked={settings.securityAlerts}
              onCheckedChange={(value) => update('securityAlerts', value)}
            />
          </SettingsSection>
          <SettingsSection
            icon={TruckIcon}
            title="Fleet preferences"
            description="How the fleet dashboard shows your vehicles."
          >
            <SwitchRow
              label="Auto refresh"
              description="Update vehicle positions and statuses automatically."
              checked={settings.autoRefresh}
              onCheckedChange={(value) => update('autoRefresh', value)}
            />
            <SelectRow
              label="Default view"
              value={settings.defaultView}
              options={DEFAULT_VIEWS}
              onValueChange={(value) => update('defaultView', value)}
            />
            <SelectRow
              label="Refresh interval"
              value={settings.refreshInterval}
              options={REFRESH_INTERVALS}
              onValueChange={(value) => update('refreshInterval', value)}
            />
            <SelectRow
              label="Distance unit"
              value={settings.distanceUnit}
              options={DISTANCE_UNITS}
              onValueChange={(value) => update('distanceUnit', value)}
            />
          </SettingsSection>
        </div>
        <div className="grid content-start gap-6">
          <SettingsSection
            icon={ShieldIcon}
            title="Security & privacy"
            description="How long you stay signed in, and your password."
          >
            <SelectRow
              label="Session timeout"
              description="Sign out after this long without activity."
              value={settings.sessionTimeout}
              options={SESSION_TIMEOUTS}
              onValueChange={(value) => update('sessionTimeout', value)}
            />
            <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
              <p className="text-sm text-muted-foreground">Use a strong password you use nowhere else.</p>
              <Button variant="outline" onClick={() => setPasswordOpen(true)}>
                <KeyRoundIcon aria-hidden="true" />
                Change Password
              </Button>
            </div>
          </SettingsSection>

          <SettingsSection
            icon={DatabaseIcon}
            title="Data & export"
            description="Report exports and how long we keep history."
          >
            <SelectRow
              label="Export format"
              value={settings.exportFormat}
              options={EXPORT_FORMATS}
              onValueChange={(value) => update('exportFormat', value)}
            />
            <SelectRow
              label="Data retention"
              value={settings.dataRetention}
              options={RETENTION_PERIODS}
              onValueChange={(value) => update('dataRetention', value)}
            />
            <SwitchRow
              label="Auto-export reports"
              description="Send monthly fleet reports to your email."
              checked={settings.autoExportReports}
              onCheckedChange={(value) => update('autoExportReports', value)}
            />
          </SettingsSection>
          {/* Exporting or deleting the whole account is for its owner (the server refuses anyone else). */}
          {isOwner ? <AccountActions /> : null}
        </div>
      </div>
      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
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
  if (query.isPending) return <SettingsSkeleton />;
  if (query.isError) {
    return (
      <LoadFailed
        title="Unable to load your settings"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <SettingsForm key={email} email={email} customer={customer} initial={query.data.settings} />;
}
