import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '@client/lib/toast';

/** The success toast's words: built from what the form sent and what the server answered. */
type Saved<I, R> = (input: I, answer: R) => { title: string; description: string };

/**
 * The action of a dialog's form that is done once the server has taken it: save, say so in a success
 * toast, close the dialog. Pass it to `form.submit(action, failure)`; a failure keeps the dialog open.
 */
export function saveAndClose<I, R>(
  save: (input: I) => Promise<R>,
  saved: Saved<I, R>,
  onOpenChange: (open: boolean) => void,
) {
  return async (input: I) => {
    const answer = await save(input);
    toast({ ...saved(input, answer), variant: 'success' });
    onOpenChange(false);
  };
}

/**
 * The same for a form on a page, which stays: save, take what was saved as the form's new starting point
 * (so its Save waits for the next change), say so in a success toast.
 */
export function saveAndKeep<I, F extends FieldValues>(
  form: Pick<UseFormReturn<F, unknown, unknown>, 'reset' | 'getValues'>,
  save: (input: I) => Promise<unknown>,
  saved: { title: string; description: string },
) {
  return async (input: I) => {
    await save(input);
    form.reset(form.getValues());
    toast({ ...saved, variant: 'success' });
  };
}
