import { useId, type FormEvent, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { CardFormAlert } from './card-form-alert';
import type { CardFormProps } from './card-form-types';
import { CardFormButtons } from './card-form-buttons';

/**
 * The card form around either provider's fields: the form (named "Card details", busy while it runs,
 * described by the refusal while one is shown), then the refusal and the buttons.
 */
export function CardFormFrame({
  card,
  onSubmit,
  busy,
  refusal,
  notReady,
  children,
}: {
  /** The caller's props: the submit label, the secondary action, the class and whether it is disabled. */
  card: Pick<CardFormProps, 'submitLabel' | 'secondaryAction' | 'className' | 'disabled'>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  busy: boolean;
  refusal: string | null;
  notReady?: boolean;
  children: ReactNode;
}) {
  const alertId = useId();
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Card details"
      aria-busy={busy}
      aria-describedby={refusal ? alertId : undefined}
      className={cn('grid gap-4', card.className)}
    >
      {children}
      <CardFormAlert id={alertId} message={refusal} />
      <CardFormButtons
        secondaryAction={card.secondaryAction}
        submitLabel={card.submitLabel}
        busy={busy}
        locked={busy || !!card.disabled}
        notReady={notReady}
      />
    </form>
  );
}
