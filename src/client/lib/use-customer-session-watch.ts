import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { clearCustomerSession } from './customer-session';
import { watchForLostSession } from './session-watch';
import { toast } from './toast';

// Module level, so that many calls failing at once (and any answer still arriving on the way out)
// lead out once; a screen that starts watching again starts afresh.
let leaving = false;

function onSessionLost(queryClient: QueryClient): void {
  if (leaving) return;
  leaving = true;
  toast({
    title: 'Authentication Required',
    description: 'Your session has ended. Please sign in again.',
    variant: 'destructive',
  });
  // After the cache's own notification has run: the stored token and every cached answer go, as on
  // a sign-out (the next person on this browser must not see them).
  setTimeout(() => {
    clearCustomerSession();
    queryClient.clear();
    navigate('/customer-login', { replace: true });
  }, 0);
}

/**
 * The portal and the fleet app: a 401 from any call while they are shown means the customer's session
 * has ended (on the server, which alone applies the idle timeout), so go to /customer-login as an
 * unauthenticated visit would (spec 1 §2).
 */
export function useCustomerSessionWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    leaving = false;
    return watchForLostSession(queryClient, () => onSessionLost(queryClient));
  }, [queryClient]);
}
