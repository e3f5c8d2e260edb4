import { useState } from 'react';
import {
  API_FIELD_LABELS,
  API_SETTINGS_FIELDS,
  apiSettingsInput,
  type ApiSettings,
  type ApiSettingsField,
} from '@shared/contracts/system-settings';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { FormNotice } from '@client/components/form-notice';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { changeRow } from '@client/components/list/row-change';
import { toast } from '@client/lib/toast';
import { useSaveApiSettings } from './api';
import { ApiKeyField } from './api-key-field';
import { FormFooter, SettingsCard } from './settings-card';

export type ApiValues = Record<ApiSettingsField, string>;
const BLANK = Object.fromEntries(API_SETTINGS_FIELDS.map((f) => [f, ''])) as ApiValues;

const GROUPS: { title: string; fields: ApiSettingsField[] }[] = [
  { title: 'Email and AI', fields: ['sendgridApiKey', 'openaiApiKey'] },
  {
    title: 'CRM',
    fields: [
      'hubspotApiKey',
      'salesforceInstanceUrl',
      'salesforceAccessToken',
      'salesforceClientId',
      'salesforceClientSecret',
    ],
  },
  { title: 'External database', fields: ['externalDbUrl', 'externalDbApiKey'] },
];

/**
 * API Keys (the original five, plus Salesforce's): secrets are kept encrypted and only their
 * last four characters come back. A blank box keeps what is saved; Clear removes it.
 */
export function ApiKeysForm({ settings, canEdit }: { settings: ApiSettings; canEdit: boolean }) {
  const save = useSaveApiSettings();
  const [clearing, setClearing] = useState<ApiSettingsField | null>(null);
  const form = useSchemaForm<ApiValues, typeof apiSettingsInput>({
    schema: apiSettingsInput,
    defaultValues: BLANK,
  });
  const onSubmit = form.submit(
    async (input) => {
      await save.mutateAsync(input);
      form.reset(BLANK);
      toast({
        title: 'API Settings Updated',
        description: 'API keys and settings have been saved successfully',
        variant: 'success',
      });
    },
    { title: 'Error', fallback: 'Failed to update API settings.' },
  );

  // The confirmation closes only once the value is removed; a failure leaves it open to try again.
  const clear = async (field: ApiSettingsField) => {
    const made = await changeRow(() => save.mutateAsync({ clear: [field] }), {
      done: {
        title: 'API Settings Updated',
        description: `${API_FIELD_LABELS[field]} removed`,
        variant: 'success',
      },
      failed: { title: 'Error', fallback: 'Failed to update API settings.' },
    });
    if (made) setClearing(null);
  };

  return (
    <SettingsCard
      title="API Keys"
      description="Keys for the services the product connects to. Keys are stored encrypted and only their last four characters are shown. Leave a box blank to keep what is saved."
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6" aria-label="API settings">
        {settings.encryption.problem && <FormNotice>{settings.encryption.problem}</FormNotice>}
        {GROUPS.map((group) => (
          <fieldset key={group.title} className="grid gap-4">
            <legend className="mb-2 text-sm font-semibold">{group.title}</legend>
            {group.fields.map((field) => (
              <ApiKeyField
                key={field}
                form={form}
                field={field}
                saved={settings.values[field]}
                canEdit={canEdit}
                onClear={() => setClearing(field)}
              />
            ))}
          </fieldset>
        ))}
        <FormFooter pending={form.formState.isSubmitting} dirty={form.formState.isDirty} canEdit={canEdit}>
          Save API settings
        </FormFooter>
      </form>
      <ConfirmDialog
        open={clearing !== null}
        onOpenChange={(open) => !open && setClearing(null)}
        title={`Remove the ${clearing ? API_FIELD_LABELS[clearing] : ''}?`}
        description="The saved value is deleted. Anything that relies on it stops working until a new one is saved."
        confirmLabel="Remove"
        variant="destructive"
        pending={save.isPending}
        onConfirm={() => (clearing ? clear(clearing) : undefined)}
      />
    </SettingsCard>
  );
}
