import { UNAVAILABLE_FEATURE_NOTE } from '@shared/feature-access';
import {
  CURRENCIES,
  DATE_FORMATS,
  GENERAL_TIMEZONES,
  LANGUAGES,
  SETTINGS_THEMES,
  generalSettingsInput,
  type GeneralSettings,
} from '@shared/contracts/system-settings';
import { FieldRow } from '@client/components/field-row';
import { CheckboxField, SelectField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { useSaveGeneralSettings } from './api';
import { FormFooter, SettingsCard } from './settings-card';

/*
 * General, Notifications and Appearance (docs/system-settings.md): three forms on one settings group, each
 * sending only its own fields through the general settings PUT.
 */

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const THEME_LABELS = { light: 'Light', dark: 'Dark', auto: 'Auto (follows the device)' } as const;

function useGeneralSave<F extends Partial<GeneralSettings>>(defaults: F) {
  const save = useSaveGeneralSettings();
  const form = useSchemaForm<F, typeof generalSettingsInput>({
    schema: generalSettingsInput,
    defaultValues: defaults as never,
  });
  const onSubmit = form.submit(
    async (input) => {
      const saved = await save.mutateAsync(input);
      form.reset(pick(saved, Object.keys(defaults)) as never);
      toast({ title: 'Settings Updated', variant: 'success' });
    },
    { title: 'Error', fallback: 'Failed to update general settings.' },
  );
  return { form, onSubmit: (event: React.FormEvent) => void onSubmit(event) };
}

const pick = (settings: GeneralSettings, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, settings[k as keyof GeneralSettings]]));

export function GeneralForm({ settings, canEdit }: { settings: GeneralSettings; canEdit: boolean }) {
  const { form, onSubmit } = useGeneralSave(
    pick(settings, ['companyName', 'timezone', 'dateFormat', 'currency', 'language']) as Pick<
      GeneralSettings,
      'companyName' | 'timezone' | 'dateFormat' | 'currency' | 'language'
    >,
  );
  return (
    <SettingsCard title="General" description="Your company as the product shows it, and regional formats.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="General settings">
        <TextField
          form={form}
          name="companyName"
          label="Company name"
          required
          autoComplete="organization"
          description="Shown as the seller on invoice PDFs."
        />
        <FieldRow>
          <SelectField
            form={form}
            name="timezone"
            label="Timezone"
            options={GENERAL_TIMEZONES}
            description="Invoice dates, and staff who have not chosen their own timezone."
          />
          <SelectField
            form={form}
            name="dateFormat"
            label="Date format"
            options={options(DATE_FORMATS)}
            description="How invoice PDFs write dates."
          />
        </FieldRow>
        <FieldRow>
          <SelectField
            form={form}
            name="currency"
            label="Currency"
            options={options(CURRENCIES)}
            disabled
            description="Charges and amounts are in US dollars; another currency is not offered yet."
          />
          <SelectField
            form={form}
            name="language"
            label="Language"
            options={LANGUAGES}
            disabled
            description="Screens are in English; other languages are not offered yet."
          />
        </FieldRow>
        <FormFooter pending={form.formState.isSubmitting} dirty={form.formState.isDirty} canEdit={canEdit}>
          Save settings
        </FormFooter>
      </form>
    </SettingsCard>
  );
}

/** The landing page's contact section (public through `GET /api/contact`; docs/system-settings.md). */
export function ContactForm({ settings, canEdit }: { settings: GeneralSettings; canEdit: boolean }) {
  const { form, onSubmit } = useGeneralSave(
    pick(settings, ['contactPhone', 'contactEmail', 'contactHours']) as Pick<
      GeneralSettings,
      'contactPhone' | 'contactEmail' | 'contactHours'
    >,
  );
  return (
    <SettingsCard
      title="Public contact details"
      description="What the landing page's contact section shows to everyone. A blank phone or email is not shown; visitors can always write through the contact form, which opens a ticket in the Support Center."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Public contact details">
        <FieldRow>
          <TextField
            form={form}
            name="contactPhone"
            label="Support phone"
            type="tel"
            autoComplete="off"
            placeholder="Not shown"
          />
          <TextField
            form={form}
            name="contactEmail"
            label="Support email"
            type="email"
            autoComplete="off"
            placeholder="Not shown"
          />
        </FieldRow>
        <TextField
          form={form}
          name="contactHours"
          label="Support hours"
          required
          description="Shown beside the phone and the contact form."
        />
        <FormFooter pending={form.formState.isSubmitting} dirty={form.formState.isDirty} canEdit={canEdit}>
          Save contact details
        </FormFooter>
      </form>
    </SettingsCard>
  );
}

const NOTIFICATIONS = [
  ['emailNotifications', 'Email notifications'],
  ['smsNotifications', 'SMS notifications'],
  ['desktopNotifications', 'Desktop notifications'],
] as const;
/** Switches the product has nothing behind: shown as such, never as working controls (issue 24). */
const NOT_OFFERED = new Set<string>(['smsNotifications', 'desktopNotifications']);

export function NotificationsForm({ settings, canEdit }: { settings: GeneralSettings; canEdit: boolean }) {
  const { form, onSubmit } = useGeneralSave(
    pick(
      settings,
      NOTIFICATIONS.map(([name]) => name),
    ) as Pick<GeneralSettings, (typeof NOTIFICATIONS)[number][0]>,
  );
  return (
    <SettingsCard
      title="Notifications"
      description="Email notifications off stops every onboarding, billing and trial email to customers; security emails and links people ask for still go."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Notification settings">
        {NOTIFICATIONS.map(([name, label]) => (
          <CheckboxField
            key={name}
            form={form}
            name={name}
            label={label}
            disabled={!canEdit || NOT_OFFERED.has(name)}
            description={NOT_OFFERED.has(name) ? UNAVAILABLE_FEATURE_NOTE : undefined}
          />
        ))}
        <FormFooter pending={form.formState.isSubmitting} dirty={form.formState.isDirty} canEdit={canEdit}>
          Save notifications
        </FormFooter>
      </form>
    </SettingsCard>
  );
}

export function AppearanceForm({ settings, canEdit }: { settings: GeneralSettings; canEdit: boolean }) {
  const { form, onSubmit } = useGeneralSave({ theme: settings.theme });
  return (
    <SettingsCard
      title="Appearance"
      description="The organisation's default theme. Each member's own choice (their profile, or the theme button) comes first."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Appearance settings">
        <SelectField
          form={form}
          name="theme"
          label="Default theme"
          options={SETTINGS_THEMES.map((value) => ({ value, label: THEME_LABELS[value] }))}
        />
        <FormFooter pending={form.formState.isSubmitting} dirty={form.formState.isDirty} canEdit={canEdit}>
          Save appearance
        </FormFooter>
      </form>
    </SettingsCard>
  );
}
