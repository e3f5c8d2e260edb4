import type { QueryClient } from '@tanstack/react-query';
import { statusOf } from './api';

/**
 * Calls `onLost` as soon as a query or mutation of this client fails with 401, retries included (the
 * first refused attempt is enough): the session behind the screen has ended, whether signed out
 * elsewhere, expired or unused past its idle timeout, which only the server knows. Returns the
 * unsubscribe. The admin shell and the customer screens each decide where to go from there.
 */
export function watchForLostSession(queryClient: QueryClient, onLost: () => void): () => void {
  const refused = (action: { type: string; error?: unknown }) =>
    (action.type === 'failed' || action.type === 'error') && statusOf(action.error) === 401;
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && refused(event.action)) onLost();
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && refused(event.action)) onLost();
  });
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
  };
}
