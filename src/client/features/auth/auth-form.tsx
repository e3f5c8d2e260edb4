import type { FormEvent, ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { BusyIcon } from '@client/components/busy-icon';

/**
 * The form of a sign-in or password page: its fields, then one wide submit button that spins and cannot
 * be pressed while `busy`. `submitText` is the button's words for the page's state ('Sending...').
 */
export function AuthForm({
  label,
  onSubmit,
  busy,
  submitText,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  busy: boolean;
  submitText: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-label={label}>
      {children}
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
        <BusyIcon busy={busy} />
        {submitText}
      </Button>
    </form>
  );
}
