import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import { customerForm, type StaffCustomerEdit } from '@shared/contracts/staff-customers';
import { FEATURE_ACCESS_FLAGS } from '@shared/feature-access';
import { isEnforcedFeature, UNAVAILABLE_FEATURE_NOTE } from '@shared/feature-access';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { CheckboxField, SelectField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { LoadFailed } from '@client/components/load-failed';
import { LoadingBlock } from '@client/components/loading-block';
import { deliveryToast, SentByEmail, SentByEmailResult } from '@client/components/sent-by-email';
import type { EmailDelivery } from '@shared/contracts/email-delivery';
import { Button } from '@client/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { customerDetailQuery, useCreateCustomer, useSendCustomerPassword, useUpdateCustomer } from './api';
import { formatDate, STATUS_OPTIONS } from './customer-format';
import {
  COUNTRY_OPTIONS,
  FEATURE_LABELS,
  NEW_CUSTOMER,
  toCustomerInput,
  valuesOf,
  type CustomerFormApi,
} from './customer-form-values';
import { CustomerPlanFields } from './customer-plan-fields';
import { CustomerSalesRepField } from './customer-sales-rep-field';
import { CUSTOMER_TEXTS, statusMeaningText } from './customer-texts';

type Created = { companyName: string; firstName: string; delivery: EmailDelivery };

/**
 * Add Customer (no `customerId`) and Edit Customer (docs/staff-customers-screen.md). The edit dialog loads the customer
 * afresh, with the password line: set by the customer (and when), or still the temporary one, which
 * went to them by email (Send again mails a new one). Passwords are never shown (issue 14).
 */
export function CustomerDialog({
  customerId,
  open,
  onOpenChange,
}: DialogOpenProps & {
  /** The customer to edit; null adds one. */
  customerId: string | null;
}) {
  const isEdit = customerId !== null;
  const detail = useQuery({ ...customerDetailQuery(customerId ?? ''), enabled: isEdit });
  const customer = detail.data ?? null;
  const form = useSchemaForm({ schema: customerForm, defaultValues: NEW_CUSTOMER, toInput: toCustomerInput });
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const [created, setCreated] = useState<Created | null>(null);

  // The form starts from the customer once loaded; later refetches (after saving) leave what is typed.
  const loadedId = useRef<string | null>(null);
  useEffect(() => {
    if (customer && customer.id !== loadedId.current) {
      form.reset(valuesOf(customer));
      loadedId.current = customer.id;
    }
  }, [customer, form]);

  const [email, firstName, lastName] = useWatch({
    control: form.control,
    name: ['email', 'firstName', 'lastName'],
  });
  const incomplete = !email.trim() || !firstName.trim() || !lastName.trim();

  const onSubmit = form.submit(
    async (input) => {
      if (customerId) {
        const saved = await update.mutateAsync({ id: customerId, input });
        const emailed = saved.delivery ? deliveryToast('The new password', saved.delivery) : null;
        toast({
          title: CUSTOMER_TEXTS.updated,
          description: `${saved.customer.companyName} is saved.${emailed ? ` ${emailed.description}` : ''}`,
          variant: emailed?.variant ?? 'success',
        });
        onOpenChange(false);
        return;
      }
      const saved = await create.mutateAsync(input);
      setCreated({
        companyName: saved.customer.companyName,
        firstName: saved.customer.firstName,
        delivery: saved.delivery ?? {
          to: saved.customer.email,
          status: 'skipped',
          outboxId: null,
          transportConfigured: false,
          error: null,
        },
      });
    },
    {
      title: isEdit ? CUSTOMER_TEXTS.updateFailed : CUSTOMER_TEXTS.createFailed,
      fallback: isEdit ? CUSTOMER_TEXTS.updateFailed : CUSTOMER_TEXTS.createFailed,
    },
  );

  const title = isEdit ? 'Edit Customer' : 'Add Customer';
  const result = created ? (
    <CreatedView created={created} />
  ) : isEdit && !customer ? (
    <DetailState title={title} query={detail} />
  ) : undefined;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        isEdit
          ? 'Contact details, plan, status, sales representative and feature access of this customer account.'
          : 'A new customer account with its owner, plan, sales representative and feature access.'
      }
      submitLabel={isEdit ? 'Update Customer' : 'Create Customer'}
      pending={form.formState.isSubmitting}
      submitDisabled={incomplete}
      onSubmit={onSubmit}
      width="2xl"
      result={result}
    >
      <CustomerFields form={form} customer={customer} />
    </FormDialog>
  );
}

function StatusMeaning({ form, customer }: { form: CustomerFormApi; customer: StaffCustomerEdit | null }) {
  const status = useWatch({ control: form.control, name: 'status' });
  return <span data-testid="customer-status-meaning">{statusMeaningText(status, customer, formatDate)}</span>;
}

function CustomerFields({ form, customer }: { form: CustomerFormApi; customer: StaffCustomerEdit | null }) {
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
        delivery={
          customer.passwordEmail ?? {
            to: customer.email,
            status: 'skipped',
            outboxId: null,
            transportConfigured: false,
            error: null,
          }
        }
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

/** The edit dialog while its customer loads, or when it could not. */
function DetailState({
  title,
  query,
}: {
  title: string;
  query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {query.isError ? 'The customer could not be loaded.' : 'Loading the customer…'}
        </DialogDescription>
      </DialogHeader>
      {query.isError ? (
        <LoadFailed
          title="Customer not loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <LoadingBlock label="Loading the customer">
          <div className="grid gap-4 sm:grid-cols-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
          <Skeleton className="h-24" />
        </LoadingBlock>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

/** After a create: where the temporary password went, and how the customer signs in. */
function CreatedView({ created }: { created: Created }) {
  return (
    <SentByEmailResult
      title={CUSTOMER_TEXTS.created}
      description={`${created.companyName} has an account now.`}
      what="The temporary password"
      delivery={created.delivery}
      staff
      detail={`${created.firstName} signs in with it at /customer-login and is asked to set their own password.`}
    />
  );
}
