import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  CRM_PLATFORM_LABELS,
  CRM_PLATFORMS,
  SYNC_INTERVALS,
  type CrmConfig,
  type CrmConfigInput,
} from '@shared/contracts/crm';
import { OptionSelect } from '@client/components/form/option-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useSaveCrmConfig } from './api';

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

/** Where the CRM keys are kept: System Settings, API Keys. */
export function ApiKeysLink() {
  return (
    <Link
      href="/admin/settings?view=api-keys"
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      System Settings → API Keys
    </Link>
  );
}

/** Saves one CRM setting, toasting the outcome. */
function useCrmConfigChange() {
  const save = useSaveCrmConfig();
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
  return { change, saving: save.isPending };
}

/**
 * The CRM settings (docs/crm.md): each control saves on its own. Auto-sync can be switched only while
 * the integration is on, the interval chosen only while both are (the server refuses otherwise too).
 */
export function SettingsTab({ config, canEdit }: { config: CrmConfig; canEdit: boolean }) {
  const { change, saving } = useCrmConfigChange();
  const ids = { enabled: useId(), platform: useId(), auto: useId(), interval: useId() };
  const locked = !canEdit || saving;
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle asHeading="h2" className="text-lg">
          CRM settings
        </CardTitle>
        <CardDescription>
          Keys for HubSpot and Salesforce are kept in <ApiKeysLink />.
          {canEdit ? '' : ' You can view these settings; changing them needs the Edit settings permission.'}
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
