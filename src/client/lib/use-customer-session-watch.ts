import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { clearCustomerSession } from './customer-session';
import { sessionLostHandler, watchForLostSession } from './session-watch';

/**
 * The portal and the fleet app: a 401 from any call while they are shown means the customer's session
 * has ended (on the server, which alone applies the idle timeout), so go to /customer-login as an
 * unauthenticated visit would (docs/customer-portal.md).
 */
export function useCustomerSessionWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onLost = sessionLostHandler({
      description: 'Your session has ended. Please sign in again.',
      delayMs: 0,
      leave: () => {
        // The stored token and every cached answer go, as on a sign-out (the next person on this
        // browser must not see them).
        clearCustomerSession();
        queryClient.clear();
        navigate('/customer-login', { replace: true });
      },
    });
    return watchForLostSession(queryClient, onLost);
  }, [queryClient]);
}
