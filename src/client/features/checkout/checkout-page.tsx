import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { PublicShell } from '@client/components/public-shell';
import { Spinner } from '@client/components/ui/spinner';
import { statusOf } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { checkoutIntentQuery } from './api';
import { PayRequestCard, SubscribeCard } from './checkout-cards';
import { MissingCustomer, PaymentError, RequestPaid } from './checkout-notices';
import { useCheckoutCompletion } from './use-checkout-completion';

/*
 * `/checkout?customerId=`: pays the customer's own subscription (docs/customer-portal.md "Checkout").
 * The server reveals nothing about the customer here (docs/payments.md) beyond the payment's own terms, which
 * the page shows before the card (issue 9): the plan, its monthly price, what is charged today and what
 * happens to the trial days left (they are kept: TRIAL_RULE). After payment the customer lands on the portal's billing tab, signing in first
 * when this browser has no session for them (docs/product-rules.md).
 */

export default function CheckoutPage() {
  usePageTitle('Checkout');
  const search = useSearch();
  const params = new URLSearchParams(search);
  const customerId = params.get('customerId')?.trim() || null;
  const link = params.get('link')?.trim() || null;
  const intent = useQuery(checkoutIntentQuery(customerId, link));
  const [, navigate] = useLocation();
  const mustSignIn = intent.isError && statusOf(intent.error) === 401;
  const { paidRequest, onRequestPaid, onPaid, onError } = useCheckoutCompletion(customerId);

  // Only the customer (or a payment link) may pay: others sign in and come back here.
  useEffect(() => {
    if (!mustSignIn || !customerId) return;
    const back = `/checkout?${new URLSearchParams({ customerId }).toString()}`;
    navigate(`/customer-login?${new URLSearchParams({ next: back }).toString()}`, { replace: true });
  }, [mustSignIn, customerId, navigate]);

  let content: ReactNode;
  if (paidRequest) {
    content = <RequestPaid request={paidRequest} />;
  } else if (!customerId) {
    content = <MissingCustomer />;
  } else if (intent.isPending || mustSignIn) {
    content = <Spinner size="lg" label="Preparing secure payment" />;
  } else if (intent.isError) {
    content = <PaymentError error={intent.error} />;
  } else if ('request' in intent.data) {
    const { request } = intent.data;
    content = <PayRequestCard intent={intent.data} onPaid={() => onRequestPaid(request)} onError={onError} />;
  } else {
    content = <SubscribeCard intent={intent.data} onPaid={onPaid} onError={onError} />;
  }

  return <PublicShell>{content}</PublicShell>;
}
