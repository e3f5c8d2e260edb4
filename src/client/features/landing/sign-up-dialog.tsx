import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useLocation } from 'wouter';
import { LoaderCircleIcon } from 'lucide-react';
import { formatUsPhoneInput, signUpForm, type SignUpForm } from '@shared/contracts/customers';
import { TRIAL_DAYS } from '@shared/constants';
import type { Plan } from '@shared/contracts/plans';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { errorMessageOf, fieldErrorsOf, statusOf } from '@client/lib/api';
import { getAppName } from '@client/lib/app-name';
import { toast } from '@client/lib/toast';
import { PasswordInput } from '@client/components/ui/password-input';
import { registerCustomer } from './api';
import { formatPrice } from './pricing-section';

type SignUpInput = z.input<typeof signUpForm>;
type FieldName = keyof SignUpInput;

const FIELD_NAMES: readonly FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'companyName',
  'address',
  'planId',
  'password',
  'confirmPassword',
  'terms',
];

function isFieldName(key: string): key is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(key);
}

export type SignUpDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The active plans shown on the landing page. */
  plans: Plan[];
  plansError?: string;
  /** The plan chosen on the landing page (professional by default). */
  initialPlanId: string;
};

/** The sign-up dialog (spec 1 §2, rules of §5 through the shared `signUpForm` schema). Lazy-loaded. */
export default function SignUpDialog({
  open,
  onOpenChange,
  plans,
  plansError,
  initialPlanId,
}: SignUpDialogProps) {
  const [, navigate] = useLocation();
  const planIds = plans.map((p) => p.id);
  const startingPlan = planIds.includes(initialPlanId) ? initialPlanId : '';

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput, unknown, SignUpForm>({
    resolver: zodResolver(signUpForm),
    // Errors appear on submit, then follow typing: never on blur, which would move the submit button
    // under a pointer that is pressing it.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
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

  // Choosing another plan's Get Started while the form keeps its other answers.
  useEffect(() => {
    if (open) setValue('planId', startingPlan, { shouldValidate: false });
  }, [open, startingPlan, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    const { terms: _terms, address, ...rest } = values;
    const payload = { ...rest, ...(address ? { address } : {}) };
    try {
      await registerCustomer(payload);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      for (const [key, message] of Object.entries(fieldErrors)) {
        if (isFieldName(key)) setError(key, { type: 'server', message });
      }
      const message = errorMessageOf(error, 'Registration failed. Please try again.');
      if (statusOf(error) === 409) setError('email', { type: 'server', message });
      toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
      return;
    }
    toast({
      title: `Welcome to ${getAppName()}!`,
      description: 'Your account has been created successfully!',
      variant: 'success',
    });
    onOpenChange(false);
    reset();
    navigate(`/customer-login?email=${encodeURIComponent(payload.email)}&auto=true`);
  });

  const e = (name: FieldName) => errors[name]?.message;

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create your account</DialogTitle>
          <DialogDescription>
            Start your {TRIAL_DAYS}-day free trial of {getAppName()}. No credit card required.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign up">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="First name" error={e('firstName')} required>
              <Input autoComplete="given-name" {...register('firstName')} />
            </Field>
            <Field label="Last name" error={e('lastName')} required>
              <Input autoComplete="family-name" {...register('lastName')} />
            </Field>
            <Field label="Email" error={e('email')} required>
              <Input type="email" autoComplete="email" placeholder="you@company.com" {...register('email')} />
            </Field>
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <Field label="Phone" error={e('phone')} description="US number: +1 and 10 digits" required>
                  <Input
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    placeholder="+15551234567"
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(formatUsPhoneInput(event.target.value))}
                  />
                </Field>
              )}
            />
            <Field label="Company name" error={e('companyName')} required>
              <Input autoComplete="organization" {...register('companyName')} />
            </Field>
            <Controller
              control={control}
              name="planId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <Field label="Plan" error={e('planId') ?? plansError} required>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur} disabled={plans.length === 0}>
                      <SelectValue
                        placeholder={plans.length === 0 ? 'No plans available' : 'Select a plan'}
                      />
                    </SelectTrigger>
                  </Field>
                  <SelectContent>
                    {plans.map((plan) => (
                      <SelectItem key={plan.id} value={plan.id}>
                        {plan.name} ({formatPrice(plan.price)}/month)
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <Field label="Address" error={e('address')} description="Optional">
            <Input autoComplete="street-address" {...register('address')} />
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Password" error={e('password')} required>
              <PasswordInput autoComplete="new-password" {...register('password')} />
            </Field>
            <Field label="Confirm password" error={e('confirmPassword')} required>
              <PasswordInput
                fieldName="confirm password"
                autoComplete="new-password"
                {...register('confirmPassword')}
              />
            </Field>
          </div>
          <Controller
            control={control}
            name="terms"
            render={({ field }) => (
              <div className="grid gap-2">
                <div className="flex items-start gap-3">
                  <Checkbox
                    id="sign-up-terms"
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    aria-invalid={e('terms') ? true : undefined}
                    aria-describedby={e('terms') ? 'sign-up-terms-error' : undefined}
                    className="mt-0.5"
                  />
                  <label htmlFor="sign-up-terms" className="text-sm leading-snug">
                    I agree to the Terms of Service and Privacy Policy
                  </label>
                </div>
                {e('terms') ? (
                  <p id="sign-up-terms-error" role="alert" className="text-sm font-medium text-destructive">
                    {e('terms')}
                  </p>
                ) : null}
              </div>
            )}
          />
          <DialogFooter className="pt-2">
            <Button
              type="button"
              variant="outline"
              disabled={isSubmitting}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {isSubmitting ? 'Creating Account...' : 'Create Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
