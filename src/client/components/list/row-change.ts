import { errorMessageOf } from '@client/lib/api';
import { toast, type ToastOptions } from '@client/lib/toast';

/**
 * A change made from a list's row (delete, remove, a new role): runs it and says how it went in a
 * toast. True when it was made, so the caller closes its confirmation only then (a failure leaves it
 * open to try again). `done` may be made from the answer (the server's own sentence).
 */
export async function changeRow<T>(
  change: () => Promise<T>,
  outcome: {
    done: ToastOptions | ((answer: T) => ToastOptions);
    /** The failure toast: this title, and the server's reason or else `fallback`. */
    failed: { title: string; fallback: string };
  },
): Promise<boolean> {
  let answer: T;
  try {
    answer = await change();
  } catch (error) {
    toast({
      title: outcome.failed.title,
      description: errorMessageOf(error, outcome.failed.fallback),
      variant: 'destructive',
    });
    return false;
  }
  toast(typeof outcome.done === 'function' ? outcome.done(answer) : outcome.done);
  return true;
}
