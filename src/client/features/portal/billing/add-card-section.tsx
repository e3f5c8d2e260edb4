import { PlusIcon } from 'lucide-react';
import type { BillingInfo } from '@shared/contracts/portal';
import { CardForm } from '@client/components/payments/card-form';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { BusyIcon } from '@client/components/busy-icon';

/** The Add a card form (the active provider's), or the button that opens it. */
export function AddCardSection({
  payment,
  showForm,
  formKey,
  hasCards,
  adding,
  busy,
  disabled,
  onTokenized,
  onOpen,
  onCancel,
}: {
  payment: BillingInfo['payment'];
  showForm: boolean;
  /** A new key gives a fresh form (the form keeps what was typed otherwise). */
  formKey: number;
  /** With a card on file the form can be cancelled. */
  hasCards: boolean;
  /** The card being added is on its way. */
  adding: boolean;
  /** Any change to the cards is on its way (the Add a card button waits). */
  busy: boolean;
  /** Another change to the cards is on its way (the form waits). */
  disabled: boolean;
  onTokenized: (paymentMethodId: string) => Promise<void>;
  onOpen: () => void;
  onCancel: () => void;
}) {
  if (!showForm) {
    return (
      <Button variant="outline" onClick={onOpen} disabled={busy} className="justify-self-start">
        <BusyIcon busy={busy} icon={PlusIcon} />
        Add a card
      </Button>
    );
  }
  return (
    <section aria-labelledby="add-card-heading" className="grid gap-3 rounded-lg border p-4">
      <h3 id="add-card-heading" className="text-sm font-semibold">
        Add a card
      </h3>
      <CardForm
        key={formKey}
        mode="tokenize"
        payment={payment}
        submitLabel="Add Card"
        onTokenized={onTokenized}
        onError={(message) =>
          toast({ title: 'Failed to add payment method', description: message, variant: 'destructive' })
        }
        disabled={disabled}
        secondaryAction={
          hasCards ? (
            <Button variant="outline" onClick={onCancel} disabled={adding}>
              Cancel
            </Button>
          ) : undefined
        }
      />
    </section>
  );
}
