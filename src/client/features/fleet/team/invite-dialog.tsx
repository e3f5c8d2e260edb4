import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CheckIcon, CircleAlertIcon, CopyIcon, KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { inviteTeamMemberRequest, TEAM_ROLES, type TeamRole } from '@shared/contracts/fleet';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { schemaResolver } from '../drivers/schema-resolver';
import { useInviteMember, type InviteResult } from '../people-api';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { errorTypeOf, ROLE_HINTS, ROLE_LABELS } from './team-roles';

type Values = { firstName: string; lastName: string; email: string; role: TeamRole };
const FIELD_NAMES: readonly string[] = ['firstName', 'lastName', 'email', 'role'];

const resolver = schemaResolver(inviteTeamMemberRequest, (v: Values) => v);

/**
 * Invite a team member. On success the dialog shows the temporary password once (it is not stored
 * anywhere the inviter can read it again), with a copy button and how the member signs in.
 */
export function InviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInviteMember();
  const roleId = useId();
  const [invited, setInvited] = useState<InviteResult | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, ReturnType<typeof inviteTeamMemberRequest.parse>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { firstName: '', lastName: '', email: '', role: 'fleet_user' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setLimitMessage(null);
    try {
      setInvited(await invite.mutateAsync(input));
    } catch (error) {
      if (errorTypeOf(error) === 'limit_reached') {
        setLimitMessage(errorMessageOf(error, 'Your plan allows no more users.'));
        return;
      }
      let shown = false;
      for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
        if (FIELD_NAMES.includes(key)) {
          setError(key as keyof Values, { type: 'server', message });
          shown = true;
        }
      }
      if (!shown) {
        toast({
          title: 'Invitation not sent',
          description: errorMessageOf(error, 'The team member could not be invited. Please try again.'),
          variant: 'destructive',
        });
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        {invited ? (
          <InvitedView result={invited} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Invite a team member</DialogTitle>
              <DialogDescription>
                They sign in with their own email and see the same company&apos;s fleet.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Invite a team member">
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
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <Field label="First name" error={errors.firstName?.message} required>
                  <Input autoComplete="off" {...register('firstName')} />
                </Field>
                <Field label="Last name" error={errors.lastName?.message} required>
                  <Input autoComplete="off" {...register('lastName')} />
                </Field>
              </div>
              <Field label="Email" error={errors.email?.message} required>
                <Input type="email" autoComplete="off" {...register('email')} />
              </Field>
              <Controller
                control={control}
                name="role"
                render={({ field }) => (
                  <Field
                    id={roleId}
                    label="Role"
                    error={errors.role?.message}
                    description={ROLE_HINTS[field.value]}
                  >
                    {/* The id goes on the trigger by hand: Field labels its direct child, here the Select root. */}
                    <Select value={field.value} onValueChange={(v) => field.onChange(v as TeamRole)}>
                      <SelectTrigger
                        id={roleId}
                        onBlur={field.onBlur}
                        aria-describedby={`${roleId}-description`}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {TEAM_ROLES.map((r) => (
                          <SelectItem key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </Field>
                )}
              />
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline" disabled={isSubmitting}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
                  Send invitation
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function InvitedView({ result }: { result: InviteResult }) {
  const [copied, setCopied] = useState(false);
  const name = `${result.member.firstName} ${result.member.lastName}`.trim();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.temporaryPassword);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the password and copy it by hand.',
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{name} is invited</DialogTitle>
        <DialogDescription>{result.message}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <p className="text-sm font-medium" id="temporary-password-label">
          Temporary password
        </p>
        <div className="flex items-center gap-2">
          <code
            data-testid="temporary-password"
            aria-labelledby="temporary-password-label"
            className="min-w-0 flex-1 select-all break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm"
          >
            {result.temporaryPassword}
          </code>
          <Button variant="outline" onClick={() => void copy()} aria-label="Copy temporary password">
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <span className="sr-only" aria-live="polite">
          {copied ? 'Copied' : ''}
        </span>
      </div>
      <div className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm">
        <KeyRoundIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p>
          Give it to {result.member.firstName} with their email, <strong>{result.member.email}</strong>. They
          sign in at <strong className="break-all">{`${window.location.origin}/customer-login`}</strong> and
          should then change it. This password is shown only once.
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
