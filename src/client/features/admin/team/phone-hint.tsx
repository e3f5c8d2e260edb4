import { CheckIcon } from 'lucide-react';
import { PHONE_VALID_TEXT, phoneDigits } from '@shared/contracts/team';

/** Under the phone box (spec 2 §5): 'Valid phone number format' once the digits make a US number. */
export function PhoneHint({ phone }: { phone: string }) {
  if (!phone || phoneDigits(phone) === null) return <>10 digits; +1 is added for you.</>;
  return (
    <span className="inline-flex items-center gap-1 text-success" data-testid="phone-valid">
      <CheckIcon className="size-3.5" aria-hidden="true" />
      {PHONE_VALID_TEXT}
    </span>
  );
}
