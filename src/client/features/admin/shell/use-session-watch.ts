import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { sessionLostHandler, watchForLostSession } from '@client/lib/session-watch';
import { STAFF_USER_QUERY_KEY } from '@client/lib/staff-auth';

/** The unauthenticated redirect waits 500 ms so the toast can be read. */
const REDIRECT_DELAY_MS = 500;

function isStaffKey(queryKey: readonly unknown[]): boolean {
  return queryKey.length === STAFF_USER_QUERY_KEY.length && queryKey[0] === STAFF_USER_QUERY_KEY[0];
}

/**
 * Watches every query and mutation while the shell is shown: a 401 from any API call, or the session
 * check coming back empty, means the staff session has ended (expired, signed out in another tab,
 * revoked). Then (docs/product-rules.md) toast 'Authentication Required' and go to /admin-login after 500 ms.
 */
export function useSessionWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The redirect still happens after the shell unmounts (it does as soon as the session is gone).
    const onSessionLost = sessionLostHandler({
      description: 'Please log in to access the admin dashboard',
      delayMs: REDIRECT_DELAY_MS,
      leave: () => {
        // Forget everything the old session loaded, and mark the session as gone so /admin-login
        // shows the form instead of sending a still-cached user back to /admin.
        queryClient.removeQueries({ predicate: (query) => !isStaffKey(query.queryKey) });
        queryClient.setQueryData(STAFF_USER_QUERY_KEY, null);
        navigate('/admin-login', { replace: true });
      },
    });
    const stopWatching = watchForLostSession(queryClient, onSessionLost);
    const unsubscribeSessionCheck = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || !isStaffKey(event.query.queryKey)) return;
      const { state } = event.query;
      if (state.status === 'success' && state.data === null) onSessionLost();
    });
    return () => {
      stopWatching();
      unsubscribeSessionCheck();
    };
  }, [queryClient]);
}
