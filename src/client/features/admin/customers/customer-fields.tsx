import { useWatch } from 'react-hook-form';
import { KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import type { StaffCustomerEdit } from '@shared/contracts/staff-customers';
import { FEATURE_ACCESS_FLAGS } from '@shared/feature-access';
import { isEnforcedFeature, UNAVAILABLE_FEATURE_NOTE } from '@shared/feature-access';
import { FieldRow } from '@client/components/field-row';
import { CheckboxField, SelectField, TextField } from '@client/components/form/form-fields';
import { deliveryToast, SentByEmail, skippedDelivery } from '@client/components/sent-by-email';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useSendCustomerPassword } from './api';
import { formatDate, STATUS_OPTIONS } from './customer-format';
import { COUNTRY_OPTIONS, FEATURE_LABELS, type CustomerFormApi } from './customer-form-values';
import { CustomerPlanFields } from './customer-plan-fields';
import { CustomerSalesRepField } from './customer-sales-rep-field';
import { CUSTOMER_TEXTS, statusMeaningText } from './customer-texts';

function StatusMeaning({ form, customer }: { form: CustomerFormApi; customer: StaffCustomerEdit | null }) {
  const status = useWatch({ control: form.control, name: 'status' });
  return <span data-testid="customer-status-meaning">{statusMeaningText(status, customer, formatDate)}</span>;
}

/** The customer form: owner and company, address, status, plan, sales representative, password, features. */
export function CustomerFields({
  form,
  customer,
}: {
  form: CustomerFormApi;
  customer: StaffCustomerEdit | null;
}) {
  const isEdit = customer !== null;
  return (
    <>
      <FieldRow>
        <TextField form={form} name="firstName" label="First name" required autoComplete="off" />
        <TextField form={form} name="lastName" label="Last name" required autoComplete="off" />
        <TextField form={form} name="email" label="Email" required type="email" autoComplete="off" />
        <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" />
      </FieldRow>
      <TextField form={form} name="companyName" label="Company name" required autoComplete="off" />
      <TextField form={form} name="address" label="Address" autoComplete="off" />
      <FieldRow columns={3}>
        <TextField form={form} name="city" label="City" autoComplete="off" />
        <TextField form={form} name="state" label="State" autoComplete="off" />
        <TextField form={form} name="zipCode" label="ZIP code" autoComplete="off" />
      </FieldRow>
      <FieldRow>
        <SelectField form={form} name="country" label="Country" options={COUNTRY_OPTIONS} />
        <SelectField
          form={form}
          name="status"
          label="Status"
          options={STATUS_OPTIONS}
          description={<StatusMeaning form={form} customer={customer} />}
        />
      </FieldRow>
      <CustomerPlanFields form={form} customer={customer} />
      <CustomerSalesRepField form={form} customer={customer} />

      {customer ? <PasswordState customer={customer} /> : null}
      <TextField
        form={form}
        name="password"
        label={isEdit ? 'New password' : 'Password'}
        description={
          isEdit
            ? 'Optional. Leave empty to keep the current password; a new one is emailed to the customer.'
            : 'Optional. Leave empty and a temporary password is generated. Either way it is emailed to the customer, who sets their own at first sign-in.'
        }
        type="password"
        autoComplete="new-password"
        spellCheck={false}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">Feature access</legend>
        <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
          {FEATURE_ACCESS_FLAGS.map((flag) => (
            // A switch with no capability behind it keeps its stored value but cannot be changed
            // (docs/feature-access.md).
            <CheckboxField
              key={flag}
              form={form}
              name={`featureAccess.${flag}` as const}
              label={FEATURE_LABELS[flag]}
              disabled={!isEnforcedFeature(flag)}
              description={isEnforcedFeature(flag) ? undefined : UNAVAILABLE_FEATURE_NOTE}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** Whether the customer has set their own password, or still has the emailed temporary one. */
function PasswordState({ customer }: { customer: StaffCustomerEdit }) {
  const sendAgain = useSendCustomerPassword();
  if (customer.isPasswordSet) {
    const when = customer.lastPasswordChange
      ? formatDate(customer.lastPasswordChange)
      : CUSTOMER_TEXTS.unknownDate;
    return (
      <div
        className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm"
        data-testid="password-state"
      >
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <p>
          <span className="font-medium">{CUSTOMER_TEXTS.passwordSet}</span>
          <span className="text-muted-foreground"> · changed {when}</span>
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/50 p-3 text-sm" data-testid="password-state">
      <p className="flex items-start gap-2">
        <KeyRoundIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>
          <span className="font-medium">{CUSTOMER_TEXTS.temporaryPassword}</span>
          <span className="text-muted-foreground"> · the customer sets their own at first sign-in</span>
        </span>
      </p>
      <SentByEmail
        what="The temporary password"
        delivery={customer.passwordEmail ?? skippedDelivery(customer.email)}
        staff
        detail="Send again if it did not arrive: a new one replaces it."
        sending={sendAgain.isPending}
        onSendAgain={() =>
          sendAgain.mutate(customer.id, {
            onSuccess: (sent) =>
              toast({
                title:
                  sent.delivery.status === 'sent'
                    ? CUSTOMER_TEXTS.passwordSent
                    : CUSTOMER_TEXTS.passwordNotDelivered,
                ...deliveryToast('A new temporary password', sent.delivery),
              }),
            onError: (e) =>
              toast({
                title: CUSTOMER_TEXTS.passwordSendFailed,
                description: errorMessageOf(e, CUSTOMER_TEXTS.passwordSendFailed),
                variant: 'destructive',
              }),
          })
        }
      />
    </div>
  );
}
