import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { LOGIN_REDIRECT_DELAY_MS } from '@shared/constants';
import { loginRequest } from '@shared/contracts/auth';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { MISSING_FIELDS_TOAST, missingCredentials } from '@client/components/sign-in-fields';
import { clearCustomerSession, signInCustomer, storeCustomerSession } from '@client/lib/customer-session';
import { toast } from '@client/lib/toast';
import { isInternalPath, type LoginArrival } from './customer-login-params';

/**
 * The customer sign-in form: the arrival's welcome or notice, each refusal under its field or above the
 * form, and the way on after a successful sign-in.
 */
export function useCustomerSignIn({ fromSignUp, arrivingEmail, returnTo, arrivalNotice }: LoginArrival) {
  const [, navigate] = useLocation();
  const form = useSchemaForm({ schema: loginRequest, defaultValues: { email: arrivingEmail, password: '' } });
  // Busy from the click until the page is left (a successful sign-in waits a moment before going).
  const [leaving, setLeaving] = useState(false);
  const [general, setGeneral] = useState<string | undefined>(arrivalNotice);
  const busy = form.formState.isSubmitting || leaving;
  const arrivalHandled = useRef(false);

  // Arriving from sign-up: welcome and ask for the password. Any other arrival starts signed out locally.
  useEffect(() => {
    if (arrivalHandled.current) return;
    arrivalHandled.current = true;
    if (fromSignUp && arrivingEmail) {
      // After the sign-up's own toast, not over it: one toast shows at a time.
      toast({
        title: 'Welcome!',
        description: 'Your account is ready. Please enter your password to sign in.',
        queue: true,
      });
      form.setFocus('password');
    } else {
      clearCustomerSession();
      // Back from a refused automatic login: the email is known, the password is what is missing.
      if (arrivalNotice && arrivingEmail) form.setFocus('password');
    }
  }, [fromSignUp, arrivingEmail, arrivalNotice, form]);

  const signIn = form.submit(
    async ({ email, password }) => {
      const outcome = await signInCustomer(email, password);
      switch (outcome.kind) {
        case 'success': {
          storeCustomerSession(outcome.token, outcome.customer);
          toast({
            title: 'Login successful',
            description: `Welcome back, ${outcome.customer.firstName}!`,
            variant: 'success',
          });
          // Keeps the button busy through the short pause (0.5 s), then leaves the page.
          setLeaving(true);
          window.setTimeout(() => {
            if (returnTo) navigate(returnTo);
            else if (isInternalPath(outcome.redirectUrl)) navigate(outcome.redirectUrl);
            else window.location.assign(outcome.redirectUrl);
          }, LOGIN_REDIRECT_DELAY_MS);
          return;
        }
        case 'invalid_email':
          form.setError('email', { type: 'server', message: outcome.message });
          return;
        case 'invalid_password':
          form.setError('password', { type: 'server', message: outcome.message });
          form.setFocus('password', { shouldSelect: true });
          return;
        case 'failed':
          setGeneral(outcome.message);
          return;
        case 'network':
          setGeneral('Connection error. Please try again.');
      }
    },
    { title: 'Sign-in failed', fallback: 'Connection error. Please try again.' },
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    setGeneral(undefined);
    if (missingCredentials(form.getValues())) {
      form.toastUntilEdited({ ...MISSING_FIELDS_TOAST, variant: 'destructive' });
    }
    void signIn(event);
  };

  return { form, busy, general, onSubmit };
}
