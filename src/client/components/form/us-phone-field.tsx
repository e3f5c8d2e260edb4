import { CheckIcon } from 'lucide-react';
import { useWatch, type FieldValues, type Path } from 'react-hook-form';
import { PHONE_VALID_TEXT, formatPhoneInput, phoneDigits } from '@shared/contracts/team';
import { TextField, type AnyForm } from './form-fields';

/** Under the phone box: 'Valid phone number format' once the digits make a US number. */
function PhoneHint({ phone }: { phone: string }) {
  if (!phone || phoneDigits(phone) === null) return <>10 digits; +1 is added for you.</>;
  return (
    <span className="inline-flex items-center gap-1 text-success" data-testid="phone-valid">
      <CheckIcon className="size-3.5" aria-hidden="true" />
      {PHONE_VALID_TEXT}
    </span>
  );
}

/**
 * A US phone number, written as +1 (xxx) xxx-xxxx while it is typed (max length 18), with
 * 'Valid phone number format' under it once it is whole: Create and Edit user, the profile.
 */
export function UsPhoneField<F extends FieldValues>({
  form,
  name,
  required,
  autoComplete = 'off',
}: {
  form: AnyForm<F>;
  name: Path<F>;
  required?: boolean;
  autoComplete?: string;
}) {
  const phone = useWatch({ control: form.control, name }) as string | undefined;
  return (
    <TextField
      form={form}
      name={name}
      label="Phone"
      required={required}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      maxLength={18}
      placeholder="+1 (555) 123-4567"
      format={formatPhoneInput}
      description={<PhoneHint phone={phone ?? ''} />}
    />
  );
}
