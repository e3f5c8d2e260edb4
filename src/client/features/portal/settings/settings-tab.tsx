import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AlertCircleIcon,
  BellIcon,
  CheckCircle2Icon,
  CloudIcon,
  DatabaseIcon,
  DownloadIcon,
  KeyRoundIcon,
  LoaderCircleIcon,
  SaveIcon,
  ShieldIcon,
  TruckIcon,
  UserRoundIcon,
  UserRoundCogIcon,
} from 'lucide-react';
import type { CustomerSettings } from '@shared/contracts/portal';
import type { SessionCustomer } from '@shared/contracts/auth';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import ChangePasswordDialog from '../security/change-password-dialog';
import { usePortalCustomer } from '../use-portal-customer';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SelectRow, SettingsSection, SwitchRow } from './settings-controls';
import {
  downloadCustomerData,
  saveCustomerSettings,
  settingsQueryKey,
  useCustomerSettings,
  type SaveKind,
  type SaveSettingsAnswer,
} from './settings-api';

/*
 * The portal's Settings tab (spec 1 §2, saving states §4, texts §8). Any change is kept locally at once
 * and saved 2 s after the last change (AUTOSAVE_DELAY_MS); Save Changes saves now. The sync indicator
 * reads idle, syncing, success (with the time) or error, which returns to idle after 3 s.
 */

const AUTOSAVE_DELAY_MS = 2000;
const SYNC_ERROR_RESET_MS = 3000;
const SAVE_FAILED = 'Failed to save settings. Please try again.';
const EMAIL_NOT_FOUND = 'Customer email not found';

type SyncState =
  | { kind: 'idle' }
  | { kind: 'syncing' }
  | { kind: 'success'; at: string; crm: SaveSettingsAnswer['crmSyncStatus'] }
  | { kind: 'error' };

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const SESSION_TIMEOUTS = [
  { value: '30minutes', label: '30 minutes' },
  { value: '1hour', label: '1 hour' },
  { value: '2hours', label: '2 hours' },
  { value: '4hours', label: '4 hours' },
] as const;
const DEFAULT_VIEWS = [
  { value: 'map', label: 'Map' },
  { value: 'list', label: 'List' },
  { value: 'grid', label: 'Grid' },
] as const;
const REFRESH_INTERVALS = [
  { value: '30seconds', label: 'Every 30 seconds' },
  { value: '1minute', label: 'Every minute' },
  { value: '5minutes', label: 'Every 5 minutes' },
  { value: 'manual', label: 'Manual only' },
] as const;
const DISTANCE_UNITS = [
  { value: 'miles', label: 'Miles' },
  { value: 'kilometers', label: 'Kilometers' },
] as const;
const EXPORT_FORMATS = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
  { value: 'pdf', label: 'PDF' },
] as const;
const RETENTION_PERIODS = [
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: '1 year (365 days)' },
  { value: '730', label: '2 years (730 days)' },
] as const;

function SyncIndicator({ sync, pending }: { sync: SyncState; pending: boolean }) {
  let icon = <CloudIcon className="size-4" aria-hidden="true" />;
  let text = 'All changes are saved automatically';
  let tone = 'text-muted-foreground';
  if (sync.kind === 'syncing') {
    icon = <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />;
    text = 'Saving...';
  } else if (sync.kind === 'error') {
    icon = <AlertCircleIcon className="size-4" aria-hidden="true" />;
    text = 'Saving failed';
    tone = 'text-destructive';
  } else if (pending) {
    icon = <CloudIcon className="size-4" aria-hidden="true" />;
    text = 'Unsaved changes';
  } else if (sync.kind === 'success') {
    icon = <CheckCircle2Icon className="size-4" aria-hidden="true" />;
    const at = timeFormat.format(new Date(sync.at));
    text = sync.crm === 'success' ? `Saved and synced at ${at}` : `Saved at ${at}`;
    tone = 'text-success';
  }
  return (
    <p
      role="status"
      data-testid="settings-sync-status"
      data-state={pending && sync.kind === 'idle' ? 'pending' : sync.kind}
      className={`flex items-center gap-1.5 text-sm ${tone}`}
    >
      {icon}
      {text}
    </p>
  );
}

function ProfileCard({ customer }: { customer: SessionCustomer | null }) {
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

function SettingsForm({
  email,
  customer,
  initial,
}: {
  email: string;
  customer: SessionCustomer | null;
  initial: CustomerSettings;
}) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(initial);
  const [pending, setPending] = useState(false);
  const [sync, setSync] = useState<SyncState>({ kind: 'idle' });
  const [manualSaving, setManualSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const isOwner = customer?.isOwner ?? true;
  // Refs so the timers always send the newest settings, and unmount can flush a waiting save.
  const latest = useRef(initial);
  const autosaveTimer = useRef<number | undefined>(undefined);
  const errorTimer = useRef<number | undefined>(undefined);

  const save = useCallback(
    async (kind: SaveKind) => {
      window.clearTimeout(autosaveTimer.current);
      autosaveTimer.current = undefined;
      window.clearTimeout(errorTimer.current);
      if (!email) {
        toast({ title: EMAIL_NOT_FOUND, description: SAVE_FAILED, variant: 'destructive' });
        return;
      }
      const sent = latest.current;
      setSync({ kind: 'syncing' });
      if (kind === 'manual') setManualSaving(true);
      try {
        const answer = await saveCustomerSettings(email, sent, kind);
        queryClient.setQueryData(settingsQueryKey(email), { settings: answer.settings });
        // A change made while this save ran is still waiting for its own save.
        if (latest.current === sent) setPending(false);
        setSync({ kind: 'success', at: answer.savedAt, crm: answer.crmSyncStatus });
        if (kind === 'auto') {
          toast({
            title: 'Auto-saved',
            description:
              answer.crmSyncStatus === 'success'
                ? 'Your settings were saved and synced.'
                : 'Your settings were saved. CRM sync pending.',
            variant: 'success',
          });
        } else if (answer.crmSyncStatus === 'success') {
          toast({
            title: 'Settings Saved & Synced',
            description: 'Your settings were saved and synced with your fleet system.',
            variant: 'success',
          });
        } else if (answer.crmSyncStatus === 'partial') {
          toast({ title: 'Settings Saved', description: 'Your settings were saved. Sync will retry.' });
        } else {
          toast({
            title: 'Settings Saved Locally',
            description: 'Your settings were saved, but syncing failed. It will retry.',
          });
        }
      } catch {
        setSync({ kind: 'error' });
        errorTimer.current = window.setTimeout(() => setSync({ kind: 'idle' }), SYNC_ERROR_RESET_MS);
        toast({ title: 'Save Failed', description: SAVE_FAILED, variant: 'destructive' });
      } finally {
        if (kind === 'manual') setManualSaving(false);
      }
    },
    [email, queryClient],
  );

  const update = <K extends keyof CustomerSettings>(key: K, value: CustomerSettings[K]) => {
    const next = { ...latest.current, [key]: value };
    latest.current = next;
    setSettings(next);
    setPending(true);
    window.clearTimeout(autosaveTimer.current);
    autosaveTimer.current = window.setTimeout(() => void save('auto'), AUTOSAVE_DELAY_MS);
  };

  // Leaving the tab with a change still waiting saves it at once instead of dropping it.
  useEffect(
    () => () => {
      window.clearTimeout(errorTimer.current);
      if (autosaveTimer.current === undefined) return;
      window.clearTimeout(autosaveTimer.current);
      if (email) {
        void saveCustomerSettings(email, latest.current, 'auto', { keepalive: true })
          .then((answer) => queryClient.setQueryData(settingsQueryKey(email), { settings: answer.settings }))
          .catch(() => undefined);
      }
    },
    [email, queryClient],
  );

  const onDownload = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await downloadCustomerData();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked after the click has been handed to the browser's download manager.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({
        title: 'Data Exported',
        description: `Your data was downloaded as ${filename}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: errorMessageOf(error, 'Unable to export your data. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

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
          {isOwner ? (
            <SettingsSection
              icon={UserRoundCogIcon}
              title="Account actions"
              description="Take your data with you, or close your account."
            >
              <div className="grid gap-3">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="max-w-xs text-sm text-muted-foreground">
                    A JSON file with everything we hold about your account.
                  </p>
                  <Button variant="outline" onClick={onDownload} disabled={exporting}>
                    {exporting ? (
                      <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                    ) : (
                      <DownloadIcon aria-hidden="true" />
                    )}
                    Download Data
                  </Button>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
                  <p className="max-w-xs text-sm text-muted-foreground">
                    Cancel your subscription and delete your account permanently.
                  </p>
                  <DeleteAccountDialog />
                </div>
              </div>
            </SettingsSection>
          ) : null}
        </div>
      </div>
      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading settings
      </span>
      <Skeleton className="h-10 w-full max-w-sm" />
      <Skeleton className="h-48 w-full rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

/** The Settings tab (no props): the customer comes from the portal's session check or local storage. */
export default function SettingsTab() {
  const { customer, email } = usePortalCustomer();
  const query = useCustomerSettings(email);

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
      <EmptyState
        className="bg-background"
        icon={AlertCircleIcon}
        title="Unable to load your settings"
        text={errorMessageOf(query.error, 'Please try again.')}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return <SettingsForm key={email} email={email} customer={customer} initial={query.data.settings} />;
}
