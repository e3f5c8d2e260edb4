import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { signUpForm } from '@shared/contracts/customers';
import { TRIAL_DAYS } from '@shared/constants';
import type { Plan } from '@shared/contracts/plans';
import { FormDialog } from '@client/components/form/form-dialog';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { getAppName } from '@client/lib/app-name';
import { toast } from '@client/lib/toast';
import { registerCustomer } from './api';
import { SignUpFields, type SignUpValues } from './sign-up-fields';

/** The submit button, and what it reads while the account is being created. */
export const SIGN_UP_TEXTS = { submit: 'Create Account', pending: 'Creating Account...' } as const;

export type SignUpDialogProps = DialogOpenProps & {
  /** The active plans shown on the landing page. */
  plans: Plan[];
  plansError?: string;
  /** The plan chosen on the landing page (professional by default). */
  initialPlanId: string;
};

/** The sign-up dialog (docs/customer-portal.md; rules in the shared `signUpForm` schema). Lazy-loaded. */
export default function SignUpDialog({ plans, plansError, initialPlanId, ...dialog }: SignUpDialogProps) {
  const [, navigate] = useLocation();
  const startingPlan = plans.some((p) => p.id === initialPlanId) ? initialPlanId : '';

  const form = useSchemaForm<SignUpValues, typeof signUpForm>({
    schema: signUpForm,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      companyName: '',
      address: '',
      planId: startingPlan,
      password: '',
      confirmPassword: '',
      terms: false,
    },
  });
  const { setValue, reset } = form;

  // Choosing another plan's Get Started while the form keeps its other answers.
  useEffect(() => {
    if (dialog.open) setValue('planId', startingPlan, { shouldValidate: false });
  }, [dialog.open, startingPlan, setValue]);

  // A 409 (email taken) comes with `errors.email`, which lands on the field; the toast is always shown.
  const onSubmit = form.submit(
    async ({ terms: _terms, address, ...rest }) => {
      const request = { ...rest, ...(address ? { address } : {}) };
      await registerCustomer(request);
      toast({
        title: `Welcome to ${getAppName()}!`,
        description: 'Your account has been created successfully!',
        variant: 'success',
      });
      dialog.onOpenChange(false);
      reset();
      navigate(`/customer-login?email=${encodeURIComponent(request.email)}&auto=true`);
    },
    { title: 'Registration Failed', fallback: 'Registration failed. Please try again.', always: true },
  );

  return (
    <FormDialog
      {...dialog}
      title="Create your account"
      description={`Start your ${TRIAL_DAYS}-day free trial of ${getAppName()}. No credit card required.`}
      submitLabel={SIGN_UP_TEXTS.submit}
      pendingLabel={SIGN_UP_TEXTS.pending}
      onSubmit={onSubmit}
      width="2xl"
    >
      <SignUpFields form={form} plans={plans} plansError={plansError} />
    </FormDialog>
  );
}
