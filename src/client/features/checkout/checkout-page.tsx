import { CreditCardIcon } from 'lucide-react';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** `/checkout?customerId=`: subscription checkout (placeholder). */
export default function CheckoutPage() {
  return <ScreenPlaceholder title="Checkout" icon={CreditCardIcon} />;
}
