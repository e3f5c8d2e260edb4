import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CircleAlertIcon } from 'lucide-react';
import { inviteTeamMemberRequest, type InviteResult, type TeamRole } from '@shared/contracts/fleet';
import { SentByEmailResult } from '@client/components/sent-by-email';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { limitRefusalOf, useInviteMember } from '../api';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { ROLE_HINTS, ROLE_OPTIONS } from './team-roles';

type Values = { firstName: string; lastName: string; email: string; role: TeamRole };

/**
 * Invite a team member. On success the dialog shows the temporary password once (it is not stored
 * anywhere the inviter can read it again), with a copy button and how the member signs in.
 */
export function InviteDialog(dialog: DialogOpenProps) {
  const invite = useInviteMember();
  const [invited, setInvited] = useState<InviteResult | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: inviteTeamMemberRequest,
    defaultValues: { firstName: '', lastName: '', email: '', role: 'fleet_user' } as Values,
  });
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.submit(
    async (input) => {
      setLimitMessage(null);
      setInvited(await invite.mutateAsync(input));
    },
    // The plan's user limit stays in the dialog with the way to upgrade; the rest goes to a toast.
    (error, shownOnFields) => {
      const limit = limitRefusalOf(error, 'Your plan allows no more users.');
      if (limit) setLimitMessage(limit.message);
      else if (!shownOnFields) {
        toast({
          title: 'Invitation not sent',
          description: errorMessageOf(error, 'The team member could not be invited. Please try again.'),
          variant: 'destructive',
        });
      }
    },
  );

  // One dialog for both steps: the form, then where the temporary password went.
  return (
    <FormDialog
      {...dialog}
      title="Invite a team member"
      description="They sign in with their own email and see the same company's fleet."
      submitLabel="Send invitation"
      onSubmit={onSubmit}
      result={invited ? <InvitedView result={invited} /> : null}
    >
      {limitMessage ? (
        <div
          role="alert"
          data-testid="team-limit"
          className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <p className="flex items-start gap-2">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            <span>{limitMessage}</span>
          </p>
          <UpgradePlanAction canManageAccount className="w-fit" />
        </div>
      ) : null}
      <FieldRow>
        <TextField form={form} name="firstName" label="First name" required autoComplete="off" />
        <TextField form={form} name="lastName" label="Last name" required autoComplete="off" />
      </FieldRow>
      <TextField form={form} name="email" label="Email" required type="email" autoComplete="off" />
      <SelectField
        form={form}
        name="role"
        label="Role"
        description={ROLE_HINTS[role]}
        options={ROLE_OPTIONS}
      />
    </FormDialog>
  );
}

function InvitedView({ result }: { result: InviteResult }) {
  const name = `${result.member.firstName} ${result.member.lastName}`.trim();
  return (
    <SentByEmailResult
      title={`${name} is invited`}
      description={`${result.member.firstName} can now sign in to your company's fleet app.`}
      what="A temporary password"
      delivery={result.delivery}
      detail={`${result.member.firstName} signs in at /customer-login with it and should then change it.`}
    />
  );
}
