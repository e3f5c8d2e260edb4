import { useState } from 'react';
import type { BillingInfo } from '@shared/contracts/portal';
import { TRIAL_RULE, trialChargeText } from '@client/components/payments/trial-terms';
import { DialogFrame } from '@client/components/dialog-frame';
import { toast } from '@client/lib/toast';
import { useAddPaymentMethod } from '../api';
import { cardName } from './card-name';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { formatDate, formatMoney } from '@client/lib/format';
import { AddCardSection } from './add-card-section';
import { SavedCardsList } from './saved-cards-list';
import { useSavedCardActions } from './use-saved-card-actions';

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
  const { remove, setDefault, removing, setRemoving, makeDefault, confirmRemove } = useSavedCardActions();
  const [adding, setAdding] = useState(startWithForm);
  const [formKey, setFormKey] = useState(0);
  const cards = billing.paymentMethods;
  const busy = add.isPending || remove.isPending || setDefault.isPending;

  const onTokenized = async (paymentMethodId: string) => {
    const result = await add.mutateAsync(paymentMethodId);
    toast({ title: 'Payment method added', description: result.message, variant: 'success' });
    setAdding(false);
    // A fresh form for the next card (the form keeps what was typed otherwise).
    setFormKey((k) => k + 1);
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
      <SavedCardsList
        cards={cards}
        busy={busy}
        onMakeDefault={(card) => void makeDefault(card)}
        onRemove={setRemoving}
      />

      <AddCardSection
        payment={billing.payment}
        showForm={adding || cards.length === 0}
        formKey={formKey}
        hasCards={cards.length > 0}
        adding={add.isPending}
        busy={busy}
        disabled={remove.isPending || setDefault.isPending}
        onTokenized={onTokenized}
        onOpen={() => setAdding(true)}
        onCancel={() => setAdding(false)}
      />

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
        onConfirm={confirmRemove}
      />
    </DialogFrame>
  );
}
