import { preferencesUpdateRequest } from '@shared/contracts/staff-profile';
import {
  DASHBOARD_REFRESH_SECONDS,
  preferencesOf,
  STAFF_THEMES,
  STAFF_TIMEZONES,
  type StaffTheme,
} from '@shared/staff-preferences';
import { SubmitButton } from '@client/components/form/form-dialog';
import { SelectField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import type { StaffUser } from '@client/lib/staff-auth';
import { saveAndKeep } from '@client/components/form/save-and-close';
import { useSavePreferences } from './api';
import { SchemaFormElement } from '@client/components/form/schema-form-element';

const THEME_LABELS: Record<StaffTheme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const THEME_OPTIONS = STAFF_THEMES.map((value) => ({ value, label: THEME_LABELS[value] }));
const TIMEZONE_OPTIONS = STAFF_TIMEZONES.map(({ value, label }) => ({ value, label }));

/** 15 -> 'Every 15 seconds', 300 -> 'Every 5 minutes'. */
const refreshLabel = (seconds: number) =>
  seconds < 60
    ? `Every ${seconds} seconds`
    : seconds === 60
      ? 'Every minute'
      : `Every ${seconds / 60} minutes`;
const REFRESH_OPTIONS = DASHBOARD_REFRESH_SECONDS.map((s) => ({ value: String(s), label: refreshLabel(s) }));

type PreferenceValues = { theme: string; timezone: string; dashboardRefresh: string };

/**
 * Preferences (docs/staff-profile.md), kept on the server and honoured by the shell: the theme, the timezone
 * staff dates are shown in, and how often the dashboard refreshes. Email and SMS
 * notifications and language are not offered: nothing would act on them yet (docs/staff-profile.md).
 */
export function PreferencesTab({ preferences }: { preferences: StaffUser['preferences'] }) {
  const save = useSavePreferences();
  const current = preferencesOf(preferences);
  const form = useSchemaForm<PreferenceValues, typeof preferencesUpdateRequest>({
    schema: preferencesUpdateRequest,
    defaultValues: {
      theme: current.theme,
      timezone: current.timezone,
      dashboardRefresh: String(current.dashboardRefresh),
    },
    toInput: (values) => ({ ...values, dashboardRefresh: Number(values.dashboardRefresh) }),
    // only what the member changed: a preference never chosen keeps following the company's default
    changedOnly: true,
  });

  const onSubmit = form.submit(
    saveAndKeep(form, (input) => save.mutateAsync(input), {
      title: 'Preferences saved',
      description: 'Your preferences have been updated',
    }),
    { title: 'Preferences not saved', fallback: 'Failed to save preferences' },
  );

  return (
    <SchemaFormElement onSubmit={onSubmit} aria-label="Preferences">
      <SelectField
        form={form}
        name="theme"
        label="Theme"
        options={THEME_OPTIONS}
        description="System follows your device's light or dark setting."
      />
      <SelectField
        form={form}
        name="timezone"
        label="Timezone"
        options={TIMEZONE_OPTIONS}
        description="Dates and times on staff screens are shown in this timezone."
      />
      <SelectField
        form={form}
        name="dashboardRefresh"
        label="Dashboard refresh"
        options={REFRESH_OPTIONS}
        description="How often the dashboard's figures and activity update by themselves."
      />
      <div className="flex justify-end">
        <SubmitButton pending={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
          Save preferences
        </SubmitButton>
      </div>
    </SchemaFormElement>
  );
}
