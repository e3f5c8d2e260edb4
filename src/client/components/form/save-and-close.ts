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
