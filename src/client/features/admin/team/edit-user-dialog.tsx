import { useEffect, useRef } from 'react';
import { deliveryToast } from '@client/components/sent-by-email';
import { useWatch } from 'react-hook-form';
import { EDIT_USER_ROLES, updateUserRequest, type TeamUser } from '@shared/contracts/team';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FormDialog } from '@client/components/form/form-dialog';
import { CheckboxField, SelectField } from '@client/components/form/form-fields';
import { useSchemaForm, type SchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { useUpdateUser } from './api';
import { PermissionFields } from './permission-fields';
import { MemberDetailsFields } from './member-details-fields';
import { memberNameOf, ROLE_LABELS } from './team-format';
import { TEAM_TEXTS } from './team-texts';
import type { TeamAccess } from './use-team-access';
import {
  editValuesOf,
  holdsEveryFlag,
  invalidToastOf,
  permissionsForRole,
  toEditInput,
  userFieldOf,
  type EditUserValues,
} from './user-form-values';

export type EditUserForm = SchemaForm<EditUserValues, typeof updateUserRequest>;

const ROLE_OPTIONS = EDIT_USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * Edit user (docs/team-management.md): contact details, role, the twelve permissions and an optional new
 * password, generated on save and emailed to the member (never shown). Choosing admin or root turns
 * every flag on; another role starts from the member's stored flags.
 */
export function EditUserDialog({
  member,
  access,
  ...dialog
}: DialogOpenProps & { member: TeamUser; access: Pick<TeamAccess, 'holds'> }) {
  const form = useSchemaForm({
    schema: updateUserRequest,
    defaultValues: editValuesOf(member),
    toInput: toEditInput,
    fieldOf: userFieldOf,
  });
  const update = useUpdateUser();
  const role = useWatch({ control: form.control, name: 'role' });
  const name = memberNameOf(member);

  const onSubmit = form.submit(
    async (input) => {
      const saved = await update.mutateAsync({ id: member.id, input });
      toast({
        title: TEAM_TEXTS.updated,
        ...(saved.delivery
          ? deliveryToast('A new password', saved.delivery)
          : { variant: 'success' as const }),
      });
      dialog.onOpenChange(false);
    },
    { title: TEAM_TEXTS.updateFailed, fallback: TEAM_TEXTS.updateFailed },
    (errors) => {
      const message = invalidToastOf(errors);
      if (message) form.toastUntilEdited({ title: message, variant: 'destructive' });
    },
  );

  // A new role re-seeds the permissions; the member's own role starts from their flags.
  const seededFor = useRef(role);
  useEffect(() => {
    if (role === seededFor.current) return;
    seededFor.current = role;
    form.setValue('permissions', permissionsForRole(role, member));
  }, [role, form, member]);

  return (
    <FormDialog
      {...dialog}
      title="Edit user"
      description={`${name}'s details, role and permissions.`}
      submitLabel="Update user"
      onSubmit={onSubmit}
      width="2xl"
    >
      <MemberDetailsFields form={form} required={false} />
      <SelectField form={form} name="role" label="Role" options={ROLE_OPTIONS} />
      <PermissionFields form={form} everyFlag={holdsEveryFlag(role)} holds={access.holds} />
      <CheckboxField
        form={form}
        name="sendNewPassword"
        label="Email a new password (their other sessions are signed out)"
      />
    </FormDialog>
  );
}
