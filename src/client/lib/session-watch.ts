import type { QueryClient } from '@tanstack/react-query';
import { statusOf } from './api';
import { toast } from './toast';

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

/**
 * The one way a screen leaves after its session is lost: once however many calls failed together,
 * with the 'Authentication Required' toast (docs/product-rules.md), then `leave` after `delayMs` (so
 * the toast can be read, and the cache's own notification has run). Make one per watch.
 */
export function sessionLostHandler(options: {
  description: string;
  delayMs: number;
  leave: () => void;
}): () => void {
  let leaving = false;
  return () => {
    if (leaving) return;
    leaving = true;
    toast({ title: 'Authentication Required', description: options.description, variant: 'destructive' });
    setTimeout(() => {
      options.leave();
      leaving = false;
    }, options.delayMs);
  };
}
