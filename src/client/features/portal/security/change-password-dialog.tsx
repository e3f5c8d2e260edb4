import { useState, type FormEvent } from 'react';
import { CheckIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import { PASSWORD_RULES } from '@shared/contracts/auth';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { changeCustomerPassword } from '@client/lib/customer-password';
import { toast } from '@client/lib/toast';
import { usePortalCustomer } from '../use-portal-customer';

/*
 * The portal's Change Password dialog (spec 1 §2, rules §5, texts §8): a live requirement checklist and
 * a match indicator; Update Password stays disabled until all three fields are filled, match and meet
 * every rule. The call is shared with /change-password (lib/customer-password.ts).
 */

const MISMATCH = 'New passwords do not match.';
const UNKNOWN_CUSTOMER = 'Unable to identify customer. Please refresh and try again.';

type Errors = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

function Requirement({ met, label }: { met: boolean; label: string }) {
  return (
    <li className={cn('flex items-center gap-2', met ? 'text-success' : 'text-muted-foreground')}>
      {met ? (
        <CheckIcon className="size-4 shrink-0" aria-hidden="true" />
      ) : (
        <XIcon className="size-4 shrink-0" aria-hidden="true" />
      )}
      <span>
        {label}
        <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
      </span>
    </li>
  );
}

export type ChangePasswordDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export default function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  const { email } = usePortalCustomer();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const results = PASSWORD_RULES.map((rule) => ({ rule, met: rule.test(newPassword) }));
  const missing = results.filter((r) => !r.met).map((r) => r.rule);
  const allFilled = !!currentPassword && !!newPassword && !!confirmPassword;
  const matches = !!confirmPassword && newPassword === confirmPassword;
  const canSubmit = allFilled && matches && missing.length === 0 && !busy;

  const reset = () => {
    setCurrentPassword('');
    setNewPassword('');
    setConfirmPassword('');
    setErrors({});
  };

  const changeOpen = (next: boolean) => {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (newPassword !== confirmPassword) {
      setErrors({ confirmPassword: MISMATCH });
      return;
    }
    if (missing.length > 0) {
      toast({
        title: 'Password Requirements Not Met',
        description: `Your new password needs: ${missing.map((rule) => rule.label.toLowerCase()).join(', ')}.`,
        variant: 'destructive',
      });
      return;
    }
    if (!email) {
      toast({ title: 'Error', description: UNKNOWN_CUSTOMER, variant: 'destructive' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await changeCustomerPassword({ email, currentPassword, newPassword });
      toast({
        title: 'Password Updated',
        description: 'Your password has been changed successfully.',
        variant: 'success',
      });
      reset();
      setBusy(false);
      onOpenChange(false);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
      toast({
        title: 'Unable to update password. Please try again.',
        description: errorMessageOf(error, 'Failed to update password.'),
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your current password, then choose a new one. Other devices signed in to your account will
            be signed out.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Change password">
          <Field label="Current password" error={errors.currentPassword}>
            <PasswordInput
              fieldName="current password"
              name="currentPassword"
              autoComplete="current-password"
              value={currentPassword}
              disabled={busy}
              onChange={(event) => {
                setCurrentPassword(event.target.value);
                setErrors((e) => ({ ...e, currentPassword: undefined }));
              }}
            />
          </Field>
          <Field label="New password" error={errors.newPassword}>
            <PasswordInput
              fieldName="new password"
              name="newPassword"
              autoComplete="new-password"
              value={newPassword}
              disabled={busy}
              aria-describedby="change-password-rules"
              onChange={(event) => {
                setNewPassword(event.target.value);
                setErrors((e) => ({ ...e, newPassword: undefined, confirmPassword: undefined }));
              }}
            />
          </Field>
          <ul
            id="change-password-rules"
            aria-label="Password requirements"
            className="grid gap-1.5 rounded-md border bg-muted/40 p-3 text-sm sm:grid-cols-2"
          >
            {results.map(({ rule, met }) => (
              <Requirement key={rule.id} met={met} label={rule.label} />
            ))}
          </ul>
          <Field label="Confirm new password" error={errors.confirmPassword}>
            <PasswordInput
              fieldName="confirm password"
              name="confirmPassword"
              autoComplete="new-password"
              value={confirmPassword}
              disabled={busy}
              onChange={(event) => {
                setConfirmPassword(event.target.value);
                setErrors((e) => ({ ...e, confirmPassword: undefined }));
              }}
            />
          </Field>
          {confirmPassword && !errors.confirmPassword ? (
            <p
              aria-live="polite"
              data-testid="password-match"
              className={cn('flex items-center gap-2 text-sm', matches ? 'text-success' : 'text-destructive')}
            >
              {matches ? (
                <CheckIcon className="size-4" aria-hidden="true" />
              ) : (
                <XIcon className="size-4" aria-hidden="true" />
              )}
              {matches ? 'Passwords match' : MISMATCH}
            </p>
          ) : null}
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {busy ? 'Updating...' : 'Update Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
