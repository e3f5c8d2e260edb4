import { useState } from 'react';
import type { EmailDelivery } from '@shared/contracts/email-delivery';
import { useWatch } from 'react-hook-form';
import { createUserRequest } from '@shared/contracts/team';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { SentByEmailResult, skippedDelivery } from '@client/components/sent-by-email';
import { toast } from '@client/lib/toast';
import { useCreateUser } from './api';
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
 * Create user (docs/team-management.md): contact details, admin or sales. The server generates the password and
 * emails it to the new member (issue 14): after the save the dialog says where it went, never what it is.
 */
export function CreateUserDialog(dialog: DialogOpenProps) {
  const form = useSchemaForm({
    schema: createUserRequest,
    defaultValues: NEW_USER,
    fieldOf: userFieldOf,
  });
  const create = useCreateUser();
  const [created, setCreated] = useState<{ name: string; delivery: EmailDelivery } | null>(null);
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.submit(
    async (input) => {
      const saved = await create.mutateAsync(input);
      toast({ title: TEAM_TEXTS.created, variant: 'success' });
      setCreated({
        name: memberNameOf(saved.user),
        delivery: saved.delivery ?? skippedDelivery(saved.user.email),
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
      {...dialog}
      title="Create user"
      description="A new member of staff. A generated password is emailed to them; they sign in with it and then set their own."
      submitLabel="Create user"
      onSubmit={onSubmit}
      width="xl"
      result={
        created ? (
          <SentByEmailResult
            title={TEAM_TEXTS.created}
            description={`${created.name} is a member of staff now.`}
            what="Their password"
            delivery={created.delivery}
            staff
            detail="They sign in at /admin-login with it and are asked to set their own."
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
      <p className="text-sm text-muted-foreground" data-testid="password-by-email">
        A secure password is generated when you save and sent to the member by email. It is never shown here.
      </p>
    </FormDialog>
  );
}
