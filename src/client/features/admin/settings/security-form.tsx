import { securitySettingsInput, type SecuritySettings } from '@shared/contracts/system-settings';
import { FieldRow } from '@client/components/field-row';
import { TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { useSaveSecuritySettings } from './api';
import { FormFooter, SettingsCard } from './settings-card';
import { SchemaFormElement } from '@client/components/form/schema-form-element';

type SecurityValues = Record<keyof SecuritySettings, string>;
const asValues = (s: SecuritySettings): SecurityValues => ({
  sessionLifetimeHours: String(s.sessionLifetimeHours),
  lockoutThreshold: String(s.lockoutThreshold),
  lockoutWindowMinutes: String(s.lockoutWindowMinutes),
  auditRetentionDays: String(s.auditRetentionDays),
});
/** A box left empty is sent as nothing, so the contract names it ("Enter a number of hours"). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const toSecurityInput = (v: SecurityValues) => ({
  sessionLifetimeHours: numberOf(v.sessionLifetimeHours),
  lockoutThreshold: numberOf(v.lockoutThreshold),
  lockoutWindowMinutes: numberOf(v.lockoutWindowMinutes),
  auditRetentionDays: numberOf(v.auditRetentionDays),
});

/** Each setting's box: its label, the range the server accepts, and what it governs. */
const SECURITY_FIELDS: Record<
  keyof SecuritySettings,
  { label: string; min: number; max: number; description: string }
> = {
  sessionLifetimeHours: {
    label: 'Session lifetime (hours)',
    min: 1,
    max: 720,
    description: 'How long a sign-in lasts, staff and customers: 1 to 720 hours.',
  },
  lockoutThreshold: {
    label: 'Failed sign-ins before a browser check',
    min: 3,
    max: 50,
    description:
      'Per account, 3 to 50. The account is never locked: further attempts need a short browser check.',
  },
  lockoutWindowMinutes: {
    label: 'Counted over (minutes)',
    min: 1,
    max: 1440,
    description: 'Failures older than this no longer count.',
  },
  auditRetentionDays: {
    label: 'Audit log retention (days)',
    min: 30,
    max: 3650,
    description:
      'Audit entries older than this are removed by the retention job, which records its own entry.',
  },
};

/**
 * Security (our addition where the first version had a placeholder tab; docs/system-settings.md):
 * honoured by the server from the next sign-in, staff and customers alike. Only the fields changed are sent: the
 * others stay unsaved and keep following the environment (whose value may lie outside the ranges).
 */
export function SecurityForm({ settings, canEdit }: { settings: SecuritySettings; canEdit: boolean }) {
  const save = useSaveSecuritySettings();
  const form = useSchemaForm<SecurityValues, typeof securitySettingsInput>({
    schema: securitySettingsInput,
    defaultValues: asValues(settings),
    changedOnly: true,
    toInput: toSecurityInput,
  });
  const onSubmit = form.submit(
    async (input) => {
      form.reset(asValues(await save.mutateAsync(input)));
      toast({
        title: 'Settings Updated',
        description: 'They apply from the next sign-in.',
        variant: 'success',
      });
    },
    { title: 'Error', fallback: 'Failed to update security settings.' },
  );
  const number = { type: 'number', inputMode: 'numeric', required: true, disabled: !canEdit } as const;
  const field = (name: keyof SecuritySettings) => (
    <TextField form={form} name={name} {...SECURITY_FIELDS[name]} {...number} />
  );
  return (
    <SettingsCard
      title="Security"
      description="Sign-in sessions and the browser check after repeated failed sign-ins. Changes apply from the next sign-in; sessions already open keep their end."
    >
      <SchemaFormElement onSubmit={onSubmit} aria-label="Security settings">
        {field('sessionLifetimeHours')}
        <FieldRow>
          {field('lockoutThreshold')}
          {field('lockoutWindowMinutes')}
        </FieldRow>
        {field('auditRetentionDays')}
        <FormFooter pending={form.formState.isSubmitting} dirty={form.formState.isDirty} canEdit={canEdit}>
          Save security settings
        </FormFooter>
      </SchemaFormElement>
    </SettingsCard>
  );
}
