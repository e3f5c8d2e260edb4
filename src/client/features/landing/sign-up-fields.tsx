import type { z } from 'zod';
import { formatUsPhoneInput, type signUpForm } from '@shared/contracts/customers';
import type { Plan } from '@shared/contracts/plans';
import { FieldRow } from '@client/components/field-row';
import { CheckboxField, PasswordField, SelectField, TextField } from '@client/components/form/form-fields';
import type { SchemaForm } from '@client/components/form/use-schema-form';
import { formatPrice } from '@client/lib/format';

export type SignUpValues = z.input<typeof signUpForm>;

/** The sign-up's fields: who, the company, the plan, the password and the terms. */
export function SignUpFields({
  form,
  plans,
  plansError,
}: {
  form: SchemaForm<SignUpValues, typeof signUpForm>;
  plans: Plan[];
  plansError?: string;
}) {
  const noPlans = plans.length === 0;
  return (
    <>
      <FieldRow>
        <TextField form={form} name="firstName" label="First name" autoComplete="given-name" required />
        <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" required />
        <TextField
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
        />
        <TextField
          form={form}
          name="phone"
          label="Phone"
          description="US number: +1 and 10 digits"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+15551234567"
          format={formatUsPhoneInput}
          required
        />
        <TextField form={form} name="companyName" label="Company name" autoComplete="organization" required />
        <SelectField
          form={form}
          name="planId"
          label="Plan"
          description={plansError}
          options={plans.map((plan) => ({
            value: plan.id,
            label: `${plan.name} (${formatPrice(plan.price)}/month)`,
          }))}
          placeholder={noPlans ? 'No plans available' : 'Select a plan'}
          disabled={noPlans}
          required
        />
      </FieldRow>
      <TextField
        form={form}
        name="address"
        label="Address"
        description="Optional"
        autoComplete="street-address"
      />
      <FieldRow>
        <PasswordField form={form} name="password" label="Password" autoComplete="new-password" required />
        <PasswordField
          form={form}
          name="confirmPassword"
          label="Confirm password"
          fieldName="confirm password"
          autoComplete="new-password"
          required
        />
      </FieldRow>
      <CheckboxField form={form} name="terms" label="I agree to the Terms of Service and Privacy Policy" />
    </>
  );
}
