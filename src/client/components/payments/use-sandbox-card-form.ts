import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { errorMessageOf, statusOf } from '@client/lib/api';
import type { CardFormProps } from './card-form-types';
import { sandboxConfirm, sandboxTokenize } from './api';
import { cardFieldOf, cardSchema, EMPTY_CARD, type FieldName } from './sandbox-card-values';

/**
 * The sandbox card form's state: the form, the refusal shown in it, the submit (tokenize or pay on our
 * server) and each box's binding.
 */
export function useSandboxCardForm(props: CardFormProps) {
  const { onError, disabled } = props;
  const form = useSchemaForm({ schema: cardSchema, defaultValues: EMPTY_CARD, fieldOf: cardFieldOf });
  const number = useWatch({ control: form.control, name: 'number' });
  const { errors, isSubmitting: busy } = form.formState;
  /** Why the card was refused, shown in the form until the card is edited or submitted again. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = form.submit(
    async (card) => {
      if (disabled) return;
      setRefusal(null);
      if (props.mode === 'tokenize') {
        const { id } = await sandboxTokenize(card);
        await props.onTokenized(id);
      } else {
        const result = await sandboxConfirm(props.clientSecret, card);
        await props.onPaid(result);
      }
    },
    // 400: the details are wrong (said beside the fields); 402: the bank refused the card, said in the
    // form (not under the number: the number is fine) and in a toast.
    (error, shownOnFields) => {
      const declined = statusOf(error) === 402;
      if (shownOnFields && !declined) return;
      const message = errorMessageOf(error, 'Your payment could not be processed. Please try again.');
      if (declined) form.clearErrors();
      setRefusal(message);
      onError?.(message);
    },
  );

  const locked = busy || !!disabled;

  /**
   * A box's binding: typing reformats it and clears its error, leaving a filled box checks it, and its
   * error shows beside it.
   */
  const bind = (name: FieldName, format: (value: string) => string) => ({
    error: errors[name]?.message,
    disabled: locked,
    field: form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        form.setValue(name, format(event.target.value));
        form.clearErrors(name);
        setRefusal(null);
      },
      onBlur: (event: { target: { value: string } }) => {
        if (event.target.value) void form.trigger(name);
      },
    }),
  });

  return { form, number, busy, refusal, onSubmit, bind };
}
