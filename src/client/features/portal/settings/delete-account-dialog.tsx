import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { LoaderCircleIcon, Trash2Icon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { clearCustomerSession } from '@client/lib/customer-session';
import { toast } from '@client/lib/toast';
import { deleteCustomerAccount } from './settings-api';

/**
 * Delete Account: the password confirms it is really the customer (type to confirm). The server cancels
 * the subscription, deletes the account with its records and ends the session (audited).
 */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(undefined);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError('Please enter your password to confirm.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await deleteCustomerAccount(password);
      clearCustomerSession();
      queryClient.clear();
      toast({
        title: 'Account deleted',
        description: answer.message || 'Your account and its data have been deleted.',
      });
      navigate('/', { replace: true });
    } catch (failure) {
      const fieldError = fieldErrorsOf(failure).password;
      if (fieldError) {
        setError(fieldError);
      } else {
        toast({
          title: 'Deletion Failed',
          description: errorMessageOf(failure, 'Unable to delete your account. Please try again.'),
          variant: 'destructive',
        });
      }
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2Icon aria-hidden="true" />
          Delete Account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="grid gap-2">
                <p>
                  Your subscription is cancelled at once and no further charges are made. Your account,
                  vehicles, drivers, maintenance records, settings and saved cards are permanently deleted.
                </p>
                <p className="font-medium text-foreground">This cannot be undone.</p>
              </div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <Field label="Enter your password to confirm" error={error}>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={password}
              disabled={busy}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy || !password}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {busy ? 'Deleting...' : 'Delete Account'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
