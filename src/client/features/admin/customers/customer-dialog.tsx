import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { customerForm, type StaffCustomerEdit } from '@shared/contracts/staff-customers';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FormDialog } from '@client/components/form/form-dialog';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { deliveryToast, skippedDelivery } from '@client/components/sent-by-email';
import { toast } from '@client/lib/toast';
import { customerDetailQuery, useCreateCustomer, useUpdateCustomer } from './api';
import { NEW_CUSTOMER, toCustomerInput, valuesOf, type CustomerFormApi } from './customer-form-values';
import { CreatedView, DetailState, type Created } from './customer-dialog-states';
import { CustomerFields } from './customer-fields';
import { CUSTOMER_TEXTS } from './customer-texts';

/** The form starts from the customer once loaded; later refetches (after saving) leave what is typed. */
function useStartFromCustomer(form: CustomerFormApi, customer: StaffCustomerEdit | null) {
  const loadedId = useRef<string | null>(null);
  useEffect(() => {
    if (customer && customer.id !== loadedId.current) {
      form.reset(valuesOf(customer));
      loadedId.current = customer.id;
    }
  }, [customer, form]);
}

/**
 * Add Customer (no `customerId`) and Edit Customer (docs/staff-customers-screen.md). The edit dialog loads the customer
 * afresh, with the password line: set by the customer (and when), or still the temporary one, which
 * went to them by email (Send again mails a new one). Passwords are never shown (issue 14).
 */
export function CustomerDialog({
  customerId,
  ...dialog
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

  useStartFromCustomer(form, customer);

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
        dialog.onOpenChange(false);
        return;
      }
      const saved = await create.mutateAsync(input);
      setCreated({
        companyName: saved.customer.companyName,
        firstName: saved.customer.firstName,
        delivery: saved.delivery ?? skippedDelivery(saved.customer.email),
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
      {...dialog}
      title={title}
      description={
        isEdit
          ? 'Contact details, plan, status, sales representative and feature access of this customer account.'
          : 'A new customer account with its owner, plan, sales representative and feature access.'
      }
      submitLabel={isEdit ? 'Update Customer' : 'Create Customer'}
      submitDisabled={incomplete}
      onSubmit={onSubmit}
      width="2xl"
      result={result}
    >
      <CustomerFields form={form} customer={customer} />
    </FormDialog>
  );
}
