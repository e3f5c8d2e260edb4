import { PERMISSION_FLAGS, hasPermission } from '@shared/roles';
import {
  formatPhoneInput,
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  PHONE_MESSAGE,
  phoneDigits,
} from '@shared/contracts/team';
import { profileUpdateRequest } from '@shared/contracts/staff-profile';
import { UsPhoneField } from '@client/components/form/us-phone-field';
import { FieldRow } from '@client/components/field-row';
import { SubmitButton } from '@client/components/form/form-dialog';
import { TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { SchemaFormElement } from '@client/components/form/schema-form-element';
import { RoleBadge } from '@client/components/role-badge';
import { Badge } from '@client/components/ui/badge';
import type { StaffUser } from '@client/lib/staff-auth';
import { saveAndKeep } from '@client/components/form/save-and-close';
import { useUpdateProfile } from './api';

/** The phone box writes US numbers as +1 (xxx) xxx-xxxx, so a number there must be a whole one. */
const schema = profileUpdateRequest.refine((v) => !v.phone || phoneDigits(v.phone) !== null, {
  message: PHONE_MESSAGE,
  path: ['phone'],
});

type ProfileValues = { firstName: string; lastName: string; email: string; phone: string };

const valuesOf = (user: StaffUser): ProfileValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  phone: user.phone ? formatPhoneInput(user.phone) || user.phone : '',
});

/** Profile: the member's own name, email and phone; role and permissions shown, not edited here. */
export function ProfileTab({ user }: { user: StaffUser }) {
  const update = useUpdateProfile();
  const form = useSchemaForm<ProfileValues, typeof schema>({
    schema,
    defaultValues: valuesOf(user),
  });

  const onSubmit = form.submit(
    saveAndKeep(form, (input) => update.mutateAsync(input), {
      title: 'Profile updated',
      description: 'Your profile has been successfully updated',
    }),
    { title: 'Update failed', fallback: 'Failed to update profile' },
  );

  const busy = form.formState.isSubmitting;
  return (
    <div className="grid gap-6">
      <SchemaFormElement onSubmit={onSubmit} aria-label="Profile">
        <FieldRow>
          <TextField form={form} name="firstName" label="First name" autoComplete="given-name" required />
          <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" required />
        </FieldRow>
        <FieldRow>
          <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
          <UsPhoneField form={form} name="phone" autoComplete="tel" />
        </FieldRow>
        <div className="flex justify-end">
          <SubmitButton pending={busy} disabled={!form.formState.isDirty}>
            Save changes
          </SubmitButton>
        </div>
      </SchemaFormElement>
      <RoleAndPermissions user={user} />
    </div>
  );
}

/**
 * The role and each of the twelve flags as Allowed or Restricted (admin and root hold them all), or
 * 'No specific permissions set' when none is on. Changing them is Team Management's.
 */
function RoleAndPermissions({ user }: { user: StaffUser }) {
  const allowed = (flag: (typeof PERMISSION_FLAGS)[number]) =>
    hasPermission(user.role, user.permissions, flag);
  const anyAllowed = PERMISSION_FLAGS.some(allowed);
  const managesUsers = allowed('canManageUsers');
  return (
    <section aria-labelledby="profile-access-title" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="profile-access-title" className="text-sm font-semibold">
          Role and permissions
        </h3>
        <RoleBadge role={user.role} className="capitalize" />
      </div>
      <p className="text-sm text-muted-foreground">
        {managesUsers
          ? 'Managed in Team Management.'
          : 'Set by an administrator. Ask one if you need a change.'}
      </p>
      {anyAllowed ? (
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="profile-permissions">
          {PERMISSION_GROUPS.map((group) => (
            <div key={group.label} className="grid content-start gap-1">
              <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                {group.label}
              </h4>
              <ul className="grid gap-1">
                {group.flags.map((flag) => (
                  <li key={flag} className="flex items-center justify-between gap-2 text-sm">
                    <span>{PERMISSION_LABELS[flag]}</span>
                    {allowed(flag) ? (
                      <Badge variant="success">Allowed</Badge>
                    ) : (
                      <Badge variant="secondary">Restricted</Badge>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : (
        <p className="text-sm" data-testid="profile-permissions">
          No specific permissions set
        </p>
      )}
    </section>
  );
}
