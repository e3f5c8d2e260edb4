import { useState } from 'react';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useRemovePaymentMethod, useSetDefaultPaymentMethod } from '../api';
import { cardName, type PaymentMethod } from './card-name';

/**
 * Making a saved card the default and removing one, each answered by a toast. Removal goes through a
 * confirmation: `removing` is the card it asks about.
 */
export function useSavedCardActions() {
  const remove = useRemovePaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);

  const makeDefault = async (card: PaymentMethod) => {
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

  const confirmRemove = async () => {
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

  return { remove, setDefault, removing, setRemoving, makeDefault, confirmRemove };
}
