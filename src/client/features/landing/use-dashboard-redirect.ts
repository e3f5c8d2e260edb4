import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { isCustomerSignedIn } from './api';

/**
 * `/?route=customer-dashboard[&tab=x]` (links from the fleet CRM): a signed-in customer goes on to the
 * portal, with the address cleaned to `/` first so Back does not bounce them here again.
 */
export function useDashboardRedirect() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('route') !== 'customer-dashboard') return;
    const tab = params.get('tab');
    const controller = new AbortController();
    void isCustomerSignedIn(controller.signal).then((signedIn) => {
      if (controller.signal.aborted || !signedIn) return;
      window.history.replaceState(window.history.state, '', '/');
      navigate(tab ? `/customer-dashboard?tab=${encodeURIComponent(tab)}` : '/customer-dashboard');
    });
    return () => controller.abort();
  }, [navigate]);
}
