import { CircleAlertIcon } from 'lucide-react';

/**
 * Why the card was not accepted (a decline, a refusal, a failed call), shown inside the card form above
 * its buttons. The form names it in `aria-describedby`; the form clears it when the card is edited or
 * submitted again, so it outlives the 5-second toast.
 */
export function CardFormAlert({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="card-form-alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
