import type { FieldValues } from 'react-hook-form';
import { FieldRow } from '@client/components/field-row';
import { TextField, type AnyForm } from '@client/components/form/form-fields';
import { UsPhoneField } from '@client/components/form/us-phone-field';

type DetailsValues = { firstName: string; lastName: string; email: string; phone?: string; address?: string };

/** A member's names, email, phone and address: Create user (all required) and Edit user. */
export function MemberDetailsFields<F extends FieldValues>({
  form,
  required,
}: {
  form: AnyForm<F>;
  /** Phone and address too (Create user); names and email are always required. */
  required: boolean;
}) {
  // One form type for both dialogs' values: the fields name the keys every member form has.
  const f = form as unknown as AnyForm<DetailsValues>;
  return (
    <>
      <FieldRow>
        <TextField form={f} name="firstName" label="First name" required autoComplete="off" />
        <TextField form={f} name="lastName" label="Last name" required autoComplete="off" />
      </FieldRow>
      <FieldRow>
        <TextField form={f} name="email" label="Email" required type="email" autoComplete="off" />
        <UsPhoneField form={f} name="phone" required={required} />
      </FieldRow>
      <TextField form={f} name="address" label="Address" required={required} autoComplete="off" />
    </>
  );
}
