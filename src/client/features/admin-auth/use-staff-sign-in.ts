import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import type { z } from 'zod';
import { loginRequest } from '@shared/contracts/auth';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { MISSING_FIELDS_TOAST, missingCredentials } from '@client/components/sign-in-fields';
import { ApiError } from '@client/lib/calls';
import { STAFF_USER_QUERY_KEY } from '@client/lib/staff-auth';
import { toast } from '@client/lib/toast';
import { signInStaff } from './api';

/** The sign-in texts (used when the server sends no message of its own). */
const TEXTS = {
  noAccount: 'No account found with this email address',
  wrongPassword: 'Incorrect password',
  generalFailure: 'Invalid email or password',
  failureToastTitle: 'Login failed',
  failureToastText: 'Please check your credentials and try again',
  connectionError: 'Connection error. Please try again.',
} as const;

/** The browser goes to /admin about 0.5 s after a successful sign-in. */
const REDIRECT_DELAY_MS = 500;

type LoginInput = z.input<typeof loginRequest>;

/**
 * The staff sign-in form: an unknown email or a wrong password on its field, anything else (the rate
 * limit included) above the form and in a toast; after success, the shell at /admin.
 */
export function useStaffSignIn() {
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const form = useSchemaForm<LoginInput, typeof loginRequest>({
    schema: loginRequest,
    defaultValues: { email: '', password: '' },
  });
  // The button keeps saying 'Signing in...' after success, until the shell takes over.
  const pending = form.formState.isSubmitting || signedIn;

  const onInvalid = () => {
    // The toast is for a box left empty; a malformed email only gets its field message.
    if (missingCredentials(form.getValues()))
      form.toastUntilEdited({ ...MISSING_FIELDS_TOAST, variant: 'destructive' });
  };

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setGeneralError(TEXTS.connectionError);
      return;
    }
    const message = error.serverMessage;
    if (error.errorType === 'invalid_email') {
      form.setError('email', { type: 'server', message: message || TEXTS.noAccount }, { shouldFocus: true });
    } else if (error.errorType === 'invalid_password') {
      form.setError(
        'password',
        { type: 'server', message: message || TEXTS.wrongPassword },
        { shouldFocus: true },
      );
    } else {
      // Anything else, the rate limit's 429 included: a general error and a toast.
      setGeneralError(message || TEXTS.generalFailure);
      toast({
        title: TEXTS.failureToastTitle,
        description: message || TEXTS.failureToastText,
        variant: 'destructive',
      });
    }
  };

  const onSubmit = form.submit(
    async (credentials) => {
      setGeneralError(null);
      await signInStaff(credentials);
      setSignedIn(true);
      toast({ title: 'Login successful', description: 'Welcome back', variant: 'success' });
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: STAFF_USER_QUERY_KEY }).then(() => {
          // At /admin the route swaps to the shell by itself (and keeps any ?tab=); elsewhere go there.
          if (window.location.pathname !== '/admin') navigate('/admin', { replace: true });
        });
      }, REDIRECT_DELAY_MS);
    },
    refused,
    onInvalid,
  );

  return { form, pending, generalError, onSubmit };
}
