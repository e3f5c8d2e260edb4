import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { watchForLostSession } from '@client/lib/session-watch';
import { STAFF_USER_QUERY_KEY } from '@client/lib/staff-auth';
import { toast } from '@client/lib/toast';

/** Spec 2 §9: the unauthenticated redirect waits 500 ms so the toast can be read. */
const REDIRECT_DELAY_MS = 500;

// Module level, not component state: the shell unmounts as soon as the session is gone, and the
// redirect must still happen (once, however many calls failed at the same moment).
let redirecting = false;

function isStaffKey(queryKey: readonly unknown[]): boolean {
  return queryKey.length === STAFF_USER_QUERY_KEY.length && queryKey[0] === STAFF_USER_QUERY_KEY[0];
}

function onSessionLost(queryClient: QueryClient): void {
  if (redirecting) return;
  redirecting = true;
  toast({
    title: 'Authentication Required',
    description: 'Please log in to access the admin dashboard',
    variant: 'destructive',
  });
  setTimeout(() => {
    // Forget everything the old session loaded, and mark the session as gone so /admin-login shows the
    // form instead of sending a still-cached user back to /admin.
    queryClient.removeQueries({ predicate: (query) => !isStaffKey(query.queryKey) });
    queryClient.setQueryData(STAFF_USER_QUERY_KEY, null);
    navigate('/admin-login', { replace: true });
    redirecting = false;
  }, REDIRECT_DELAY_MS);
}

/**
 * Watches every query and mutation while the shell is shown: a 401 from any API call, or the session
 * check coming back empty, means the staff session has ended (expired, signed out in another tab,
 * revoked). Then spec 2 §2: toast 'Authentication Required' and go to /admin-login after 500 ms.
 */
export function useSessionWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopWatching = watchForLostSession(queryClient, () => onSessionLost(queryClient));
    const unsubscribeSessionCheck = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || !isStaffKey(event.query.queryKey)) return;
      const { state } = event.query;
      if (state.status === 'success' && state.data === null) onSessionLost(queryClient);
    });
    return () => {
      stopWatching();
      unsubscribeSessionCheck();
    };
  }, [queryClient]);
}
