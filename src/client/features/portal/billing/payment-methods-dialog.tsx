import { useState } from 'react';
import { LoaderCircleIcon, PlusIcon, StarIcon, Trash2Icon } from 'lucide-react';
import type { BillingInfo } from '@shared/contracts/portal';
import { CardForm } from '@client/components/payments/card-form';
import { TRIAL_RULE, trialChargeText } from '@client/components/payments/trial-terms';
import { Button } from '@client/components/ui/button';
import { DialogFrame } from '@client/components/dialog-frame';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useAddPaymentMethod, useRemovePaymentMethod, useSetDefaultPaymentMethod } from '../api';
import { cardName, type PaymentMethod } from './card-name';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { CardSummary } from './card-summary';
import { formatDate, formatMoney } from '@client/lib/format';

/** During the trial: the same rule as the trial banner and the checkout, with this account's figures. */
function TrialNote({ billing }: { billing: BillingInfo }) {
  const ends = formatDate(billing.trialEndsAt);
  if (billing.subscriptionStatus !== 'trialing' || !ends) return null;
  const price = formatMoney(billing.nextBillingAmount ?? billing.currentPlan.price);
  const chargedOn = formatDate(billing.nextBillingDate) ?? ends;
  return (
    <p data-testid="trial-note" className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
      <span className="font-medium">You are on a free trial until {ends}.</span> {TRIAL_RULE}{' '}
      {billing.paymentMethods.length > 0
        ? trialChargeText(price, chargedOn)
        : `The card you add becomes your primary card and is charged ${price} on ${chargedOn}.`}
    </p>
  );
}

/**
 * Manage Payment Methods (docs/customer-portal.md): add a card through the active provider's form, make one the
 * default, remove one (only while more than one is on file, so a running subscription always has a card).
 * Default export: loaded lazily with the card form.
 */
export default function PaymentMethodsDialog({
  billing,
  open,
  onOpenChange,
  startWithForm,
}: DialogOpenProps & {
  billing: BillingInfo;
  /** Open with the card form showing (the empty state's Add button). */
  startWithForm: boolean;
}) {
  const add = useAddPaymentMethod();
  const remove = useRemovePaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();
  const [adding, setAdding] = useState(startWithForm);
  const [formKey, setFormKey] = useState(0);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const cards = billing.paymentMethods;
  const showForm = adding || cards.length === 0;
  const busy = add.isPending || remove.isPending || setDefault.isPending;

  const onTokenized = async (paymentMethodId: string) => {
    const result = await add.mutateAsync(paymentMethodId);
    toast({ title: 'Payment method added', description: result.message, variant: 'success' });
    setAdding(false);
    // A fresh form for the next card (the form keeps what was typed otherwise).
    setFormKey((k) => k + 1);
  };

  const onMakeDefault = async (card: PaymentMethod) => {
    try {
      await setDefault.mutateAsync(card.id);
      toast({
        title: 'Default payment method updated',
        description: `${cardName(card)} is now your primary card.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Failed to update default payment method',
        description: errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const onRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast({
        title: 'Payment method removed',
        description: `${cardName(removing)} was removed.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Failed to remove payment method',
        description: errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
    setRemoving(null);
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !add.isPending && onOpenChange(next)}
      title="Manage Payment Methods"
      description="Your primary card pays renewals and upgrades. Card numbers are never stored on our servers."
      width="xl"
    >
      <TrialNote billing={billing} />
      {cards.length > 0 ? (
        <ul className="grid gap-2" aria-label="Saved cards">
          {cards.map((card) => (
            <li
              key={card.id}
              data-testid="manage-card"
              className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <CardSummary card={card} />
              <div className="flex shrink-0 flex-wrap gap-2">
                {!card.isDefault ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => void onMakeDefault(card)}
                    aria-label={`Set as default: ${cardName(card)}`}
                  >
                    <StarIcon aria-hidden="true" />
                    Set as default
                  </Button>
                ) : null}
                {cards.length > 1 ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    disabled={busy}
                    onClick={() => setRemoving(card)}
                    aria-label={`Remove ${cardName(card)}`}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Remove
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
          No payment method on file yet.
        </p>
      )}
      {cards.length === 1 ? (
        <p className="text-xs text-muted-foreground">
          Add another card before removing this one: your subscription always needs a card on file.
        </p>
      ) : null}

      {showForm ? (
        <section aria-labelledby="add-card-heading" className="grid gap-3 rounded-lg border p-4">
          <h3 id="add-card-heading" className="text-sm font-semibold">
            Add a card
          </h3>
          <CardForm
            key={formKey}
            mode="tokenize"
            payment={billing.payment}
            submitLabel="Add Card"
            onTokenized={onTokenized}
            onError={(message) =>
              toast({ title: 'Failed to add payment method', description: message, variant: 'destructive' })
            }
            disabled={remove.isPending || setDefault.isPending}
            secondaryAction={
              cards.length > 0 ? (
                <Button variant="outline" onClick={() => setAdding(false)} disabled={add.isPending}>
                  Cancel
                </Button>
              ) : undefined
            }
          />
        </section>
      ) : (
        <Button
          variant="outline"
          onClick={() => setAdding(true)}
          disabled={busy}
          className="justify-self-start"
        >
          {busy ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <PlusIcon aria-hidden="true" />
          )}
          Add a card
        </Button>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => !next && setRemoving(null)}
        title="Remove this card?"
        description={
          <p>
            {removing ? cardName(removing) : 'This card'} will no longer be charged.
            {removing?.isDefault ? ' Another card on file becomes your primary card.' : ''}
          </p>
        }
        confirmLabel="Remove card"
        cancelLabel="Keep card"
        pending={remove.isPending}
        onConfirm={onRemove}
      />
    </DialogFrame>
  );
}
