/** The header's Export Data and Stripe Settings (spec 3 §2): built with the Transactions sub-tab. */
export function PaymentsHeaderActions() {
  return null;
}
