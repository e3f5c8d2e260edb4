import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { createUserRequest } from '@shared/contracts/team';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { useCreateUser } from './api';
import { GeneratePasswordField, PasswordRevealView } from './generated-password';
import { MemberDetailsFields } from './member-details-fields';
import { memberNameOf } from './team-format';
import { TEAM_TEXTS } from './team-texts';
import { invalidToastOf, NEW_USER, userFieldOf, type CreateUserValues } from './user-form-values';

const ROLE_OPTIONS = [
  { value: 'sales', label: 'Sales' },
  { value: 'admin', label: 'Admin' },
] as const;

const ROLE_HINTS: Record<CreateUserValues['role'], string> = {
  sales: 'Overview, customers and the fleet; can receive commission rates.',
  admin: 'Every tab and every permission.',
};

/**
 * Create user (spec 2 §5): contact details, admin or sales, and a password that only Generate gives.
 * After the save the password shows once, for 10 seconds, in place of the form.
 */
export function CreateUserDialog({ open, onOpenChange }: DialogOpenProps) {
  const form = useSchemaForm({
    schema: createUserRequest,
    defaultValues: NEW_USER,
    fieldOf: userFieldOf,
  });
  const create = useCreateUser();
  const [created, setCreated] = useState<{ name: string; email: string; password: string } | null>(null);
  const [role, token] = useWatch({ control: form.control, name: ['role', 'passwordToken'] });

  const onSubmit = form.submit(
    async (input) => {
      const saved = await create.mutateAsync(input);
      toast({ title: TEAM_TEXTS.created, variant: 'success' });
      setCreated({
        name: memberNameOf(saved.user),
        email: saved.user.email,
        password: input.temporaryPassword,
      });
    },
    { title: TEAM_TEXTS.createFailed, fallback: TEAM_TEXTS.createFailed },
    (errors) => {
      const message = invalidToastOf(errors);
      if (message) form.toastUntilEdited({ title: message, variant: 'destructive' });
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create user"
      description="A new member of staff. They sign in with the generated password and then set their own."
      submitLabel="Create user"
      pending={form.formState.isSubmitting}
      onSubmit={onSubmit}
      width="xl"
      result={
        created ? (
          <PasswordRevealView
            title={TEAM_TEXTS.created}
            description={`Give ${created.name} this password with their email, ${created.email}. They sign in at /admin-login and are asked to set their own.`}
            password={created.password}
          />
        ) : undefined
      }
    >
      <MemberDetailsFields form={form} required />
      <SelectField
        form={form}
        name="role"
        label="Role"
        required
        options={ROLE_OPTIONS}
        description={ROLE_HINTS[role]}
      />
      <GeneratePasswordField
        ready={token !== ''}
        error={form.formState.errors.temporaryPassword?.message}
        onGenerated={({ password, token: next }) => {
          form.setValue('temporaryPassword', password);
          form.setValue('passwordToken', next, { shouldValidate: form.formState.isSubmitted });
          form.clearErrors('temporaryPassword');
        }}
      />
    </FormDialog>
  );
}
