import type { ReactNode } from 'react';
import { LockIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { NOT_READY_LABEL, PROCESSING_LABEL } from './card-form-types';
import { BusyIcon } from '@client/components/busy-icon';

/**
 * The card form's buttons, for both providers: the caller's (Cancel) and the submit button, which spins
 * and says 'Processing...' while busy and 'Payment system not ready' until the provider has loaded.
 */
export function CardFormButtons({
  secondaryAction,
  submitLabel,
  busy,
  locked,
  notReady = false,
}: {
  secondaryAction: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** Busy, or the whole form disabled by its caller. */
  locked: boolean;
  notReady?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {secondaryAction}
      <Button type="submit" disabled={locked || notReady} className="sm:min-w-40">
        <BusyIcon busy={busy || notReady} icon={LockIcon} />
        {busy ? PROCESSING_LABEL : notReady ? NOT_READY_LABEL : submitLabel}
      </Button>
    </div>
  );
}
