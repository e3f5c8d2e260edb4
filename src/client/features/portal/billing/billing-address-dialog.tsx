import type { z } from 'zod';
import { BILLING_COUNTRIES, billingAddress, type BillingAddressInput } from '@shared/contracts/portal';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField, TextField } from '@client/components/form/form-fields';
import { saveAndClose } from '@client/components/form/save-and-close';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { useUpdateBillingAddress } from '../api';

type Values = z.input<typeof billingAddress>;

export const COUNTRY_NAMES: Record<(typeof BILLING_COUNTRIES)[number], string> = {
  US: 'United States',
  CA: 'Canada',
  UK: 'United Kingdom',
};

const COUNTRY_OPTIONS = BILLING_COUNTRIES.map((code) => ({
  value: code,
  label: `${COUNTRY_NAMES[code]} (${code})`,
}));

const EMPTY: Values = { street: '', city: '', state: '', zipCode: '', country: 'US' };

/** The server names fields `address.street` and so on. */
const fieldOf = (path: string) => path.replace(/^address\./, '');

/** Update Billing Address: printed on invoices. Countries US, CA and UK. */
export function BillingAddressDialog({
  email,
  current,
  ...dialog
}: DialogOpenProps & {
  email: string;
  current: BillingAddressInput | null;
}) {
  const update = useUpdateBillingAddress(email);
  const form = useSchemaForm({ schema: billingAddress, defaultValues: current ?? EMPTY, fieldOf });

  const onSubmit = form.submit(
    saveAndClose(
      (address) => update.mutateAsync(address),
      (_address, result) => ({
        title: 'Billing Address Updated',
        description: result.message ?? 'Your billing address has been updated.',
      }),
      dialog.onOpenChange,
    ),
    {
      title: 'Update Failed',
      fallback: 'Your billing address could not be updated. Please try again.',
      always: true,
    },
  );

  return (
    <FormDialog
      {...dialog}
      title="Update Billing Address"
      description="This address is printed on your invoices."
      submitLabel="Update Address"
      onSubmit={onSubmit}
      width="xl"
    >
      <TextField form={form} name="street" label="Street" autoComplete="street-address" required />
      <FieldRow>
        <TextField form={form} name="city" label="City" autoComplete="address-level2" required />
        <TextField
          form={form}
          name="state"
          label="State or province"
          autoComplete="address-level1"
          required
        />
        <TextField
          form={form}
          name="zipCode"
          label="ZIP or postal code"
          autoComplete="postal-code"
          required
        />
        <SelectField
          form={form}
          name="country"
          label="Country"
          options={COUNTRY_OPTIONS}
          placeholder="Choose a country"
          required
        />
      </FieldRow>
    </FormDialog>
  );
}
