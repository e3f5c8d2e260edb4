import { FLEET_ADMIN_ONLY_MESSAGE } from '../../../auth/access';
import { failuresOf, type AttemptWindow } from '../../../auth/attempt-counters';
import { HttpError } from '../../../http/errors';
import type { BillingDeps } from '../core/deps';
import { openPaymentLink } from './payment-links';

export const SIGN_IN_TO_PAY = 'Please sign in to pay for this subscription.';
export const TOO_MANY_DECLINES =
  'Too many declined payments for this account. Please wait an hour or contact support.';

/** Declined checkout payments per customer, in the database so every instance counts them. */
export const DECLINES: AttemptWindow = { scope: 'checkout-declined', windowMs: 60 * 60_000 };

/**
 * Who may pay a customer's subscription: that customer's own fleet admin (session), or whoever
 * holds a payment link the product issued for that customer. Everyone else gets the same 401
 * whatever the subscription's state, so the answer says nothing about the customer.
 */
export async function assertMayPay(
  deps: BillingDeps,
  input: {
    customerId: string;
    session: { id: string; role: string } | null;
    link: string | undefined;
    maxDeclines: number;
  },
): Promise<void> {
  const ofAccount = input.session?.id === input.customerId;
  const own = ofAccount && input.session?.role === 'fleet_admin';
  const linked =
    !own && input.link
      ? await openPaymentLink(deps.db, {
          customerId: input.customerId,
          token: input.link,
          purpose: 'subscription',
          now: deps.clock.now(),
        })
      : null;
  if (!own && !linked) {
    // A member of this account is already signed in: sending them to sign in again would loop, and
    // telling them billing is for fleet admins says nothing they cannot see in their own portal.
    if (ofAccount) throw new HttpError(403, FLEET_ADMIN_ONLY_MESSAGE);
    throw new HttpError(401, SIGN_IN_TO_PAY);
  }
  await assertDeclinesAllowed(deps, input.customerId, input.maxDeclines);
}

/** Past the limit of declined payments, a customer's checkout waits before any further charge. */
export async function assertDeclinesAllowed(deps: BillingDeps, customerId: string, maxDeclines: number) {
  const declines = await failuresOf(deps.db, DECLINES, customerId, deps.clock.now());
  if (declines >= maxDeclines) throw new HttpError(429, TOO_MANY_DECLINES);
}
