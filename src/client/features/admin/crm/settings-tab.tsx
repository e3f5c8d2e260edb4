import { useId, useState, type ReactNode } from 'react';
import { CheckCircle2Icon, PlugZapIcon, XCircleIcon } from 'lucide-react';
import { Link } from 'wouter';
import {
  CRM_CREDENTIAL_NEEDS,
  CRM_PLATFORM_LABELS,
  CRM_PLATFORMS,
  SYNC_INTERVALS,
  type CrmConfig,
  type CrmConfigInput,
  type CrmConnectionTest,
  type CrmPlatform,
} from '@shared/contracts/crm';
import { OptionSelect } from '@client/components/form/option-select';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { useSaveCrmConfig, useTestCrmConnection } from './api';

const PLATFORM_OPTIONS = CRM_PLATFORMS.map((value) => ({ value, label: CRM_PLATFORM_LABELS[value] }));

export const intervalLabel = (hours: number) =>
  hours === 1 ? 'Every hour' : hours === 168 ? 'Every week' : `Every ${hours} hours`;
const INTERVAL_OPTIONS = SYNC_INTERVALS.map((hours) => ({
  value: String(hours),
  label: intervalLabel(hours),
}));

/** A setting's label and hint, and its control. */
function SettingRow({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

/**
 * The CRM settings (docs/crm.md): each control saves on its own. Auto-sync can be switched only while
 * the integration is on, the interval chosen only while both are (the server refuses otherwise too).
 */
export function SettingsTab({ config, canEdit }: { config: CrmConfig; canEdit: boolean }) {
  const save = useSaveCrmConfig();
  const ids = { enabled: useId(), platform: useId(), auto: useId(), interval: useId() };
  const change = async (input: CrmConfigInput) => {
    try {
      await save.mutateAsync(input);
      toast({ title: 'Configuration Updated', description: 'CRM settings saved.', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: errorMessageOf(error, 'The CRM settings could not be saved. Please try again.'),
        variant: 'destructive',
      });
    }
  };
  const locked = !canEdit || save.isPending;
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle asHeading="h2" className="text-lg">
          CRM settings
        </CardTitle>
        <CardDescription>
          Keys for HubSpot and Salesforce are kept in{' '}
          <Link
            href="/admin/settings?view=api-keys"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            System Settings → API Keys
          </Link>
          .{canEdit ? '' : ' You can view these settings; changing them needs the Edit settings permission.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <SettingRow id={ids.enabled} label="CRM integration" hint="Send customers and team users to the CRM.">
          <Switch
            id={ids.enabled}
            checked={config.enabled}
            disabled={locked}
            onCheckedChange={(enabled) => void change({ enabled })}
            aria-describedby={`${ids.enabled}-hint`}
          />
        </SettingRow>
        <SettingRow id={ids.platform} label="CRM platform" hint="Where records are synced.">
          <OptionSelect
            id={ids.platform}
            value={config.crmType}
            onChange={(crmType) => void change({ crmType })}
            options={PLATFORM_OPTIONS}
            trigger={{
              className: 'w-full sm:w-48',
              disabled: locked,
              'aria-describedby': `${ids.platform}-hint`,
            }}
          />
        </SettingRow>
        <SettingRow
          id={ids.auto}
          label="Auto-sync"
          hint={
            config.enabled
              ? 'Send what changed on a schedule.'
              : 'Turn on the CRM integration to use auto-sync.'
          }
        >
          <Switch
            id={ids.auto}
            checked={config.autoSync}
            disabled={locked || !config.enabled}
            onCheckedChange={(autoSync) => void change({ autoSync })}
            aria-describedby={`${ids.auto}-hint`}
          />
        </SettingRow>
        <SettingRow
          id={ids.interval}
          label="Sync interval"
          hint={
            config.enabled && config.autoSync
              ? 'How often auto-sync runs.'
              : 'Turn on the integration and auto-sync to choose the interval.'
          }
        >
          <OptionSelect
            id={ids.interval}
            value={String(config.syncInterval)}
            onChange={(hours) => void change({ syncInterval: Number(hours) as CrmConfig['syncInterval'] })}
            options={INTERVAL_OPTIONS}
            trigger={{
              className: 'w-full sm:w-48',
              disabled: locked || !config.enabled || !config.autoSync,
              'aria-describedby': `${ids.interval}-hint`,
            }}
          />
        </SettingRow>
      </CardContent>
    </Card>
  );
}

/**
 * What each CRM signs in with, and "Test connection": the saved credentials tried through the CRM's own
 * adapter, which reads what a sync needs and writes nothing ('Test Failed' with the reason).
 */
export function ConnectionCard({ config, canEdit }: { config: CrmConfig; canEdit: boolean }) {
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle asHeading="h2" className="text-lg">
          Connection
        </CardTitle>
        <CardDescription>
          What each CRM needs, saved in{' '}
          <Link
            href="/admin/settings?view=api-keys"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            System Settings → API Keys
          </Link>
          , and a test of the saved credentials that sends no record.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {CRM_PLATFORMS.map((crmType) => (
          <ConnectionRow
            key={crmType}
            crmType={crmType}
            inUse={config.crmType === crmType}
            canEdit={canEdit}
          />
        ))}
      </CardContent>
    </Card>
  );
}

function ConnectionRow({
  crmType,
  inUse,
  canEdit,
}: {
  crmType: CrmPlatform;
  inUse: boolean;
  canEdit: boolean;
}) {
  const test = useTestCrmConnection();
  const [result, setResult] = useState<CrmConnectionTest | null>(null);
  const label = CRM_PLATFORM_LABELS[crmType];
  const run = async () => {
    try {
      const outcome = await test.mutateAsync(crmType);
      setResult(outcome);
      toast(
        outcome.ok
          ? { title: 'Connection OK', description: outcome.message, variant: 'success' }
          : { title: 'Test Failed', description: outcome.message, variant: 'destructive' },
      );
    } catch (error) {
      toast({
        title: 'Test Failed',
        description: errorMessageOf(error, `The ${label} connection could not be tested. Please try again.`),
        variant: 'destructive',
      });
    }
  };
  return (
    <section
      aria-label={`${label} connection`}
      className="grid gap-3"
      data-testid={`crm-connection-${crmType}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="grid gap-1">
          <h3 className="font-medium">
            {label}
            {inUse ? <span className="ml-2 text-xs font-normal text-muted-foreground">(in use)</span> : null}
          </h3>
          <p className="text-sm text-muted-foreground">{CRM_CREDENTIAL_NEEDS[crmType]}</p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          disabled={!canEdit || test.isPending}
          aria-busy={test.isPending}
          onClick={() => void run()}
        >
          <PlugZapIcon aria-hidden="true" />
          {test.isPending ? 'Testing...' : `Test ${label} connection`}
        </Button>
      </div>
      {result ? (
        <p
          role="status"
          className={`flex items-start gap-2 text-sm ${result.ok ? 'text-success' : 'text-destructive'}`}
        >
          {result.ok ? (
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <XCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span>
            {result.ok ? 'Connected' : 'Test Failed'}: {result.message} (
            {formatStaffDateTime(result.testedAt)})
          </span>
        </p>
      ) : null}
    </section>
  );
}
