import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { PaymentRequestTermsView } from '@shared/contracts/checkout';
import type { PaidResult } from '@client/components/payments/card-form';
import { getAppName } from '@client/lib/app-name';
import { toast } from '@client/lib/toast';
import { checkoutIntentKey, signedInCustomer } from './api';

/** What follows a payment: the toast, fresh reads, and the way on (the portal's billing tab, or sign-in). */
export function useCheckoutCompletion(customerId: string | null) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // Kept apart from the intent's query: asked again, a paid request answers 409 (already paid).
  const [paidRequest, setPaidRequest] = useState<PaymentRequestTermsView | null>(null);

  const onRequestPaid = async (request: PaymentRequestTermsView) => {
    toast({ title: 'Payment received', description: 'Thank you for your payment.', variant: 'success' });
    setPaidRequest(request);
    // With Stripe the card was confirmed with Stripe itself, not through our API, so no answer of ours
    // said what changed: every cached read (billing) predates the payment. The spent intent is not
    // asked for again.
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== checkoutIntentKey[0] });
  };

  const onPaid = async (result: PaidResult) => {
    toast({
      title: `Welcome to ${getAppName()}!`,
      description:
        result.status === 'processing'
          ? 'Your payment is processing. Your subscription will be active in a moment.'
          : 'Your payment was successful and your subscription is now active.',
      variant: 'success',
    });
    // Every cached read (session, billing) predates the payment, which Stripe may have confirmed
    // without our API answering (the webhook records it): refetch them all.
    await queryClient.invalidateQueries();
    // The account, not the email: a team fleet admin pays for the owner's account with their own email.
    const current = await signedInCustomer(queryClient);
    if (current?.id === customerId) navigate('/customer-dashboard?tab=billing');
    else {
      const login = new URLSearchParams({ next: '/customer-dashboard?tab=billing' });
      if (result.email) login.set('email', result.email);
      navigate(`/customer-login?${login.toString()}`);
    }
  };

  const onError = (message: string) => {
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };

  return { paidRequest, onRequestPaid, onPaid, onError };
}
